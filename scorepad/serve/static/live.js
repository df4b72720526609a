// Live updates and conveniences; every form works without this script. The script has no
// words of its own: what it shows comes from the page or the server, in the page's language.
(function () {
  "use strict";
  var live = document.getElementById("live");
  var notice = document.getElementById("offline");
  var changed = document.getElementById("changed");
  var offlineText = notice ? notice.textContent : "";
  var source = null;
  var wait = 1000;
  var isOffline = false;
  // The game a finished game's watchers are sent on to, as it was when the page was
  // drawn: a watcher who opened an old game stays on it, and follows the keeper only
  // once the keeper starts another.
  var nextGame = live ? live.dataset.next || "" : "";

  // -- What was typed: kept in this tab's storage, so that neither a live redraw, nor a
  // reload, nor a server that is gone for a while loses it. Keyed by the form's address
  // and round; `sent` marks a form sent while the game was at `version`.

  function store() {
    try { return window.sessionStorage; } catch (error) { return null; }
  }

  function keyOf(form) {
    return "scorepad:" + form.getAttribute("action") + ":" + (form.dataset.round || "");
  }

  function fieldsOf(form) {
    return Array.prototype.filter.call(form.elements, function (field) {
      return field.name && field.type !== "hidden" && field.type !== "submit";
    });
  }

  function versionOf(form) {
    var field = form.elements.namedItem("version");
    return field ? field.value : "";
  }

  function valuesOf(form) {
    var values = {};
    fieldsOf(form).forEach(function (field) { values[field.name] = field.value; });
    return values;
  }

  function put(form, values) {
    fieldsOf(form).forEach(function (field) {
      if (Object.prototype.hasOwnProperty.call(values, field.name)) field.value = values[field.name];
    });
  }

  function save(form, sent) {
    var kept = store();
    if (!kept) return;
    kept.setItem(keyOf(form), JSON.stringify({ values: valuesOf(form), version: versionOf(form), sent: !!sent }));
  }

  function restore(form) {
    var kept = store();
    if (!kept) return;
    var text = kept.getItem(keyOf(form));
    if (!text) return;
    var saved;
    try { saved = JSON.parse(text); } catch (error) { kept.removeItem(keyOf(form)); return; }
    // Sent, and the game has moved on since: the form went in (or was refused on the page).
    if (saved.sent && saved.version !== versionOf(form)) { kept.removeItem(keyOf(form)); return; }
    put(form, saved.values || {});
  }

  function forms() {
    return Array.prototype.slice.call(document.querySelectorAll("form.entry[data-round], form.undo, form.confirm"));
  }

  // -- Offline: entry waits (the values stay) until the server is back.

  function offline(shown, text) {
    isOffline = shown;
    if (notice) {
      notice.textContent = text || offlineText;
      notice.hidden = !shown;
    }
    forms().forEach(function (form) {
      Array.prototype.forEach.call(form.querySelectorAll("button"), function (button) {
        button.disabled = shown;
      });
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var lost = source && source.readyState === EventSource.CLOSED;
    if (isOffline || lost) {
      if (form.matches && form.matches("form.entry[data-round]")) save(form, false);
      event.preventDefault();  // no browser error page: the values wait on the page
      offline(true);
      return;
    }
    if (form.matches && form.matches("form.entry[data-round]")) save(form, true);
  });

  document.addEventListener("input", remember);
  document.addEventListener("change", remember);
  function remember(event) {
    var form = event.target && event.target.form;
    if (form && form.matches("form.entry[data-round]")) save(form, false);
  }

  // -- What changed elsewhere, in one line: each entry's mark, compared with the page's.

  function sayChanged(before, after) {
    if (!changed) return;
    var old = before ? before.split(" ") : [];
    var now = after ? after.split(" ") : [];
    var at = 0;
    while (at < old.length && at < now.length && old[at] === now[at]) at += 1;
    var words = "";
    var index = at;
    if (at === old.length && now.length > old.length) {
      index = now.length - 1;
      words = index % 2 === 0 ? changed.dataset.bids : changed.dataset.tricks;
    } else if (at === now.length && old.length > now.length) {
      words = at % 2 === 0 ? changed.dataset.backBids : changed.dataset.backTricks;
    } else if (at < old.length) {
      words = changed.dataset.corrected;
    }
    if (!words) return;
    changed.textContent = words.replace("{number}", String(Math.floor(index / 2) + 1));
    changed.hidden = false;
  }

  // -- The live part redrawn around what is being typed.

  function redraw(data) {
    var typed = {};
    live.querySelectorAll("form.entry[data-round]").forEach(function (form) {
      typed[keyOf(form)] = valuesOf(form);
    });
    var focused = document.activeElement && document.activeElement.name;
    // A folded part someone opened (the director's forms) stays open.
    var opened = Array.prototype.map.call(live.querySelectorAll("details[open]"), function (part) {
      return part.className;
    });
    live.innerHTML = data.html;
    live.querySelectorAll("details").forEach(function (part) {
      if (opened.indexOf(part.className) >= 0) part.open = true;
    });
    live.dataset.version = data.version;
    live.querySelectorAll("form.entry[data-round]").forEach(function (form) {
      if (typed[keyOf(form)]) put(form, typed[keyOf(form)]);
      if (focused && form.elements.namedItem(focused) && form.elements.namedItem(focused).focus) {
        form.elements.namedItem(focused).focus();
      }
    });
  }

  function connect() {
    if (source) source.close();
    source = new EventSource(live.dataset.events);
    source.onopen = function () { offline(false); wait = 1000; };
    source.addEventListener("state", function (event) {
      offline(false);
      var data = JSON.parse(event.data);
      if (data.error) { offline(true, data.error); return; }
      if (data.follow && data.follow !== nextGame) { window.location.assign(data.follow); return; }
      if (data.version === live.dataset.version) {
        // The game is as shown; only its clock has run on (the server's words).
        var clock = live.querySelector(".clock");
        if (clock && data.clock) clock.textContent = data.clock;
        return;
      }
      if (live.dataset.reload) { window.location.reload(); return; }
      if (data.steps !== undefined) {
        sayChanged(live.dataset.steps, data.steps);
        live.dataset.steps = data.steps;
      }
      redraw(data);
      var deal = document.getElementById("deal");
      if (deal && data.deal !== undefined) deal.textContent = data.deal;
      document.querySelectorAll("p.message, p.note:not(#changed)").forEach(function (old) { old.remove(); });
      enhance();
    });
    source.onerror = function () {
      offline(true);
      // The browser retries by itself; once it gives up (the server was gone a while,
      // the laptop slept), start again, waiting longer each time.
      if (source.readyState === EventSource.CLOSED) {
        setTimeout(connect, wait);
        wait = Math.min(wait * 2, 10000);
      }
    };
  }

  // -- Conveniences of the forms.

  function tricksRest(form) {
    var boxes = Array.prototype.slice.call(form.querySelectorAll("input.took"));
    // The deal's tricks come from the form, not from its words, which are any language's.
    var total = parseInt(form.dataset.tricks, 10) || 13;
    function offer() {
      var empty = boxes.filter(function (box) { return box.value === ""; });
      var sum = boxes.reduce(function (acc, box) { return acc + (parseInt(box.value, 10) || 0); }, 0);
      boxes.forEach(function (box) { box.placeholder = ""; });
      if (empty.length === 1 && sum <= total) empty[0].placeholder = String(total - sum);
    }
    boxes.forEach(function (box) { box.addEventListener("input", offer); });
    offer();
  }

  // The bids' running total, and a side's contract over the deal, before the form is sent.
  function bidsTotal(form) {
    var line = form.querySelector(".total");
    if (!line) return;
    var deal = parseInt(form.dataset.tricks, 10) || 0;
    function tricksOf(value) {
      var found = /^b?(\d+)$/.exec(value || "");
      return found ? parseInt(found[1], 10) : 0;  // nil and blind nil add nothing
    }
    function show() {
      var sides = {};
      var order = [];
      var total = 0;
      var any = false;
      form.querySelectorAll("select[data-side]").forEach(function (select) {
        var side = select.dataset.side;
        if (!(side in sides)) { sides[side] = 0; order.push(side); }
        if (select.value) any = true;
        sides[side] += tricksOf(select.value);
      });
      form.querySelectorAll("select[data-team]").forEach(function (select) {
        if (select.value) { any = true; sides[select.dataset.team] = tricksOf(select.value); }
      });
      order.forEach(function (side) { total += sides[side]; });
      var words = [line.dataset.total.replace("{total}", String(total))];
      order.forEach(function (side) {
        if (deal && sides[side] > deal) {
          words.push(line.dataset.over.replace("{side}", side).replace("{contract}", String(sides[side])));
        }
      });
      line.textContent = words.join(" ");
      line.classList.toggle("over", words.length > 1);
      line.hidden = !any;
    }
    form.addEventListener("change", show);
    show();
  }

  function enhance() {
    forms().forEach(function (form) {
      if (form.matches("form.entry[data-round]")) restore(form);
      if (form.matches("form.entry.tricks")) tricksRest(form);
      if (form.matches("form.entry.bids")) bidsTotal(form);
    });
    if (isOffline) offline(true);
  }

  enhance();
  if (!live || !live.dataset.events || !window.EventSource) return;
  connect();
  window.addEventListener("online", function () { if (!source || source.readyState === EventSource.CLOSED) connect(); });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && (!source || source.readyState === EventSource.CLOSED)) connect();
  });
})();
