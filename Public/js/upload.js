// Progressive enhancement of the invoice upload form: a size check before sending and a
// progress bar while the file goes up. Without this script the plain form works the same.
(function () {
  function enhance() {
    var form = document.getElementById("upload-form");
    if (!form || !window.FormData || !window.XMLHttpRequest || !window.DOMParser) return;
    var input = document.getElementById("file");
    var field = input.closest(".field");
    var error = document.getElementById("file-error");
    var box = form.querySelector(".progress");
    var bar = document.getElementById("upload-progress");
    var percent = document.getElementById("upload-percent");
    var button = form.querySelector("button[type=submit]");
    var max = parseInt(form.getAttribute("data-max-bytes"), 10);

    function show(message) {
      error.textContent = message;
      field.classList.toggle("invalid", !!message);
      if (message) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
    }

    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      show(file && file.size > max ? form.getAttribute("data-too-large") : "");
    });

    form.addEventListener("submit", function (event) {
      var file = input.files && input.files[0];
      if (!file) return; // the plain form: the server says what is missing
      event.preventDefault();
      if (file.size > max) { show(form.getAttribute("data-too-large")); return; }
      var request = new XMLHttpRequest();
      request.open("POST", form.action);
      request.upload.addEventListener("progress", function (e) {
        if (!e.lengthComputable) return;
        var value = Math.round((e.loaded / e.total) * 100);
        bar.value = value;
        percent.textContent = value + " %";
      });
      request.addEventListener("load", function () {
        if (request.status >= 200 && request.status < 300 && request.responseURL) {
          window.location.assign(request.responseURL);
          return;
        }
        // A refusal: the server's answer takes the place of this page's content.
        var page = new DOMParser().parseFromString(request.responseText, "text/html");
        var main = page.querySelector("main");
        if (!main) { document.documentElement.innerHTML = page.documentElement.innerHTML; return; }
        document.querySelector("main").replaceWith(document.importNode(main, true));
        enhance();
        var next = document.getElementById("file");
        if (next) next.focus();
      });
      request.addEventListener("error", function () {
        box.hidden = true;
        button.disabled = false;
        show(form.getAttribute("data-network-error"));
      });
      show("");
      box.hidden = false;
      button.disabled = true;
      request.send(new FormData(form));
    });
  }
  enhance();
})();
