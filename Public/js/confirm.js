// Destructive actions ask first (docs/ARCHITECTURE.md, "Confirmations"). A form with
// data-confirm (the question), data-confirm-button and data-confirm-cancel asks in a dialog and
// then posts with confirmed=1. The desk's form asks per chosen action, naming how many invoices
// are selected and their total (data-confirm-<action>, with {count} and {total}). Without this
// script the server answers the same forms with a confirmation step.
(function () {
  function money(minor, currency) {
    var lang = document.documentElement.lang === "cs" ? "cs-CZ" : "en-GB";
    try {
      return new Intl.NumberFormat(lang, { style: "currency", currency: currency }).format(minor / 100);
    } catch (e) {
      return (minor / 100).toFixed(2) + " " + currency;
    }
  }

  // The desk: the question of the chosen action, filled with the selection.
  function deskQuestion(form) {
    var chosen = form.querySelector("input[name=action]:checked");
    if (!chosen) return null;
    var many = form.getAttribute("data-confirm-" + chosen.value);
    if (!many) return null;
    var boxes = form.querySelectorAll("input[name='pick[]']:checked");
    if (boxes.length === 0) return null;
    var sums = {}, order = [];
    Array.prototype.forEach.call(boxes, function (box) {
      var currency = box.getAttribute("data-currency"), amount = box.getAttribute("data-amount");
      if (!currency || amount === null) return;
      if (!(currency in sums)) { sums[currency] = 0; order.push(currency); }
      sums[currency] += parseInt(amount, 10);
    });
    var total = order.length === 0 ? form.getAttribute("data-confirm-none")
      : order.map(function (currency) { return money(sums[currency], currency); }).join(" + ");
    var template = boxes.length === 1 ? form.getAttribute("data-confirm-" + chosen.value + "-one") : many;
    return {
      text: template.replace("{count}", String(boxes.length)).replace("{total}", total),
      button: form.getAttribute("data-confirm-" + chosen.value + "-button"),
      cancel: form.getAttribute("data-confirm-cancel")
    };
  }

  function ask(question, yes) {
    var dialog = document.createElement("dialog");
    dialog.className = "confirm";
    var text = document.createElement("p");
    text.textContent = question.text;
    var buttons = document.createElement("div");
    buttons.className = "actions";
    var confirm = document.createElement("button");
    confirm.type = "button";
    confirm.className = "danger";
    confirm.textContent = question.button;
    var cancel = document.createElement("button");
    cancel.type = "button";
    cancel.textContent = question.cancel;
    buttons.appendChild(confirm);
    buttons.appendChild(cancel);
    dialog.appendChild(text);
    dialog.appendChild(buttons);
    document.body.appendChild(dialog);
    confirm.addEventListener("click", function () { dialog.close(); yes(); });
    cancel.addEventListener("click", function () { dialog.close(); });
    dialog.addEventListener("close", function () { dialog.remove(); });
    dialog.showModal();
    cancel.focus();
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || form.querySelector("input[name=confirmed]")) return;
    var submitter = event.submitter;
    // A button that posts elsewhere (the desk's exports) is not the form's action.
    if (submitter && submitter.hasAttribute("formaction")) return;
    var question = null;
    if (form.hasAttribute("data-confirm")) {
      question = { text: form.getAttribute("data-confirm"), button: form.getAttribute("data-confirm-button"),
                   cancel: form.getAttribute("data-confirm-cancel") };
    } else if (form.id === "desk") {
      question = deskQuestion(form);
    }
    // Without dialogs (an old browser) the server's confirmation step asks instead.
    if (!question || typeof HTMLDialogElement !== "function") return;
    event.preventDefault();
    ask(question, function () {
      var confirmed = document.createElement("input");
      confirmed.type = "hidden";
      confirmed.name = "confirmed";
      confirmed.value = "1";
      form.appendChild(confirmed);
      if (submitter && submitter.name) {
        var pressed = document.createElement("input");
        pressed.type = "hidden";
        pressed.name = submitter.name;
        pressed.value = submitter.value;
        form.appendChild(pressed);
      }
      form.submit();
    });
  });
})();
