// Live updates and conveniences; every form works without this script. The script has no
// words of its own: what it shows comes from the page or the server, in the page's language.
(function () {
  "use strict";
  var live = document.getElementById("live");
  var notice = document.getElementById("offline");
  if (!live || !live.dataset.events || !window.EventSource) return;
  var source = null;
  var wait = 1000;

  var offlineText = notice ? notice.textContent : "";

  function offline(shown, text) {
    if (!notice) return;
    notice.textContent = text || offlineText;
    notice.hidden = !shown;
  }

  function connect() {
    if (source) source.close();
    source = new EventSource(live.dataset.events);
    source.onopen = function () { offline(false); wait = 1000; };
    source.addEventListener("state", function (event) {
      offline(false);
      var data = JSON.parse(event.data);
      if (data.error) { offline(true, data.error); return; }
      if (data.version === live.dataset.version) return;
      if (live.dataset.reload) { window.location.reload(); return; }
      live.innerHTML = data.html;
      live.dataset.version = data.version;
      var message = document.querySelector(".message");
      if (message) message.remove();
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

  // The tricks form: the one box left empty is offered the rest of the deal.
  function enhance() {
    var form = live.querySelector("form.entry.tricks");
    if (!form) return;
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

  enhance();
  connect();
  window.addEventListener("online", function () { if (!source || source.readyState === EventSource.CLOSED) connect(); });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && (!source || source.readyState === EventSource.CLOSED)) connect();
  });
})();
