// The month-end desk, with a keyboard: j/k move, x selects, a approves, r returns (the reason
// field gets the focus), o opens the PDF, ? shows the keys. Shift-click selects a range.
// Without this script the plain form works the same.
(function () {
  var form = document.getElementById("desk");
  if (!form) return;
  document.documentElement.classList.add("js");
  var rows = Array.prototype.slice.call(form.querySelectorAll("tbody tr"));
  var boxes = rows.map(function (row) { return row.querySelector("input[type=checkbox]"); });
  var current = -1;
  var last = null;
  var help = document.getElementById("keys-help");

  function focusRow(index) {
    if (index < 0 || index >= rows.length) return;
    if (current >= 0) rows[current].classList.remove("current");
    current = index;
    rows[current].classList.add("current");
    boxes[current].focus();
    rows[current].scrollIntoView({ block: "nearest" });
  }

  // The row's PDF, by the address of its link (the last cell).
  function openDocument(row) {
    var link = row.querySelector("a.thumb-link");
    if (link) window.open(link.href, "_blank", "noopener");
  }

  function choose(action) {
    var radio = form.querySelector("input[name=action][value='" + action + "']");
    if (!radio) return false;
    radio.checked = true;
    return true;
  }

  boxes.forEach(function (box, index) {
    box.addEventListener("click", function (event) {
      if (event.shiftKey && last !== null) {
        var from = Math.min(last, index), to = Math.max(last, index);
        for (var i = from; i <= to; i++) boxes[i].checked = box.checked;
      }
      last = index;
    });
    box.addEventListener("focus", function () {
      if (current >= 0) rows[current].classList.remove("current");
      current = index;
      rows[current].classList.add("current");
    });
  });

  document.getElementById("select-clean").addEventListener("click", function () {
    boxes.forEach(function (box) { box.checked = box.hasAttribute("data-clean"); });
  });
  document.getElementById("select-none").addEventListener("click", function () {
    boxes.forEach(function (box) { box.checked = false; });
  });

  function showHelp(show) {
    help.hidden = !show;
    if (show) document.getElementById("keys-close").focus(); else if (current >= 0) boxes[current].focus();
  }
  document.getElementById("keys-close").addEventListener("click", function () { showHelp(false); });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    var typing = target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && target.type !== "checkbox" && target.type !== "radio");
    if (event.key === "Escape") { if (!help.hidden) showHelp(false); return; }
    if (typing || !help.hidden && event.key !== "?") return;
    switch (event.key) {
      case "j": focusRow(current + 1); break;
      case "k": focusRow(Math.max(0, current - 1)); break;
      case "x": if (current >= 0) boxes[current].checked = !boxes[current].checked; break;
      case "o": if (current >= 0) openDocument(rows[current]); break;
      case "a": if (choose("approve")) form.requestSubmit ? form.requestSubmit() : form.submit(); break;
      case "r": if (choose("return")) document.getElementById("reason").focus(); break;
      case "?": showHelp(help.hidden); break;
      default: return;
    }
    event.preventDefault();
  });
})();
