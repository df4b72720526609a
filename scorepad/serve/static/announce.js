// A new round, said to a screen reader: when the live part of the page is redrawn, what
// it now says on top (the end of the game, a level score, whose turn it is) is put into
// the page's own status line, which stays in place, so that it is read out once. No words
// of its own: they are the page's, in the page's language.
(function () {
  "use strict";
  var live = document.getElementById("live");
  var said = document.getElementById("announce");
  if (!live || !said || !window.MutationObserver) return;
  function news() {
    return Array.prototype.map.call(
      live.querySelectorAll(".banner, .turn"), function (part) { return part.textContent.trim(); }
    ).join(" ");
  }
  var last = news();
  new MutationObserver(function () {
    var now = news();
    if (now && now !== last) said.textContent = now;
    last = now;
  }).observe(live, { childList: true });
})();
