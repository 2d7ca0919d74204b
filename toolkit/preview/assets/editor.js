// quizkit serve's translator view: saves an entry without leaving the page, shows what the checks found
// in it, lets the translator keep either version when the file changed on disk, and filters the entries.
// Every save carries the session's token (in the form, and in a header) and goes to this server only.
// @ts-check
(function () {
  "use strict";
  var main = /** @type {HTMLElement | null} */ (document.querySelector("main.translator"));
  if (!main) {
    return;
  }
  var page = main;

  /**
   * @param {HTMLFormElement} form
   * @param {string} name
   * @returns {HTMLInputElement | null}
   */
  function field(form, name) {
    return /** @type {HTMLInputElement | null} */ (form.querySelector('input[name="' + name + '"]'));
  }

  /** @param {HTMLFormElement} form @returns {HTMLTextAreaElement[]} */
  function targets(form) {
    return Array.prototype.slice.call(form.querySelectorAll("textarea"));
  }

  /** @param {Element} node @returns {HTMLElement} */
  function entryOf(node) {
    return /** @type {HTMLElement} */ (node.closest("li.entry"));
  }

  /** @param {HTMLFormElement} form @param {string} text */
  function tell(form, text) {
    var outcome = form.querySelector(".outcome");
    if (outcome) {
      outcome.textContent = text;
    }
  }

  /** @param {string} digest */
  function setDigest(digest) {
    page.setAttribute("data-digest", digest);
    Array.prototype.forEach.call(document.querySelectorAll('form.edit input[name="digest"]'), function (
      /** @type {HTMLInputElement} */ input
    ) {
      input.value = digest;
    });
  }

  /** @param {HTMLFormElement} form @param {string[]} texts @param {boolean} fuzzy */
  function setRead(form, texts, fuzzy) {
    texts.forEach(function (text, position) {
      var read = field(form, "read-" + position);
      if (read) {
        read.value = text;
      }
    });
    var readFuzzy = field(form, "read-fuzzy");
    if (readFuzzy) {
      readFuzzy.value = fuzzy ? "1" : "0";
    }
  }

  /** @param {HTMLFormElement} form @param {string[]} texts @param {boolean} fuzzy */
  function setShown(form, texts, fuzzy) {
    targets(form).forEach(function (area, position) {
      area.value = texts[position] === undefined ? "" : texts[position];
    });
    var box = field(form, "fuzzy");
    if (box) {
      box.checked = fuzzy;
    }
  }

  /** @param {HTMLFormElement} form @param {Array<{ severity: string, text: string }>} findings */
  function showFindings(form, findings) {
    var entry = entryOf(form);
    var section = /** @type {HTMLElement | null} */ (entry.querySelector("section.findings"));
    if (!section) {
      return;
    }
    var list = /** @type {HTMLElement} */ (section.querySelector("ul"));
    list.textContent = "";
    findings.forEach(function (finding) {
      var item = document.createElement("li");
      item.className = "finding " + finding.severity;
      item.textContent = finding.text;
      list.appendChild(item);
    });
    section.hidden = findings.length === 0;
    entry.setAttribute("data-findings", String(findings.length));
  }

  /** @param {HTMLFormElement} form @param {string} state */
  function showState(form, state) {
    var entry = entryOf(form);
    entry.className = entry.className.replace(/\bstate-[a-z]+/, "state-" + state);
    entry.setAttribute("data-state", state);
    var label = entry.querySelector("p.state");
    if (label) {
      label.textContent = state;
    }
  }

  /** @param {HTMLFormElement} form */
  function clearConflict(form) {
    var panel = form.querySelector(".conflict");
    if (panel) {
      /** @type {Node} */ (panel.parentNode).removeChild(panel);
    }
  }

  /**
   * @param {HTMLFormElement} form
   * @param {{ message: string, yours: string[], yours_fuzzy: boolean, on_disk: string[], disk_fuzzy: boolean, digest: string }} conflict
   */
  function showConflict(form, conflict) {
    clearConflict(form);
    var target = targets(form)[0];
    var panel = document.createElement("div");
    panel.className = "conflict";
    panel.setAttribute("role", "alert");
    var message = document.createElement("p");
    message.textContent = conflict.message;
    panel.appendChild(message);
    /** @param {string} heading @param {string[]} texts @param {string} css */
    function version(heading, texts, css) {
      var block = document.createElement("div");
      block.className = css;
      var title = document.createElement("h4");
      title.textContent = heading;
      block.appendChild(title);
      texts.forEach(function (text) {
        var shown = document.createElement("p");
        shown.textContent = text;
        shown.lang = target ? target.lang : "";
        shown.dir = target ? target.dir : "auto";
        block.appendChild(shown);
      });
      panel.appendChild(block);
    }
    version("Yours", conflict.yours, "yours");
    version("On disk", conflict.on_disk, "on-disk");
    /**
     * A button that keeps one version: either way the translator has seen what is on disk now, so it
     * is what the form read, the kept version is what it shows, and the conflict is over.
     * @param {string} css @param {string} label @param {string[]} kept @param {boolean} keptFuzzy
     * @param {function(): void} then
     */
    function keep(css, label, kept, keptFuzzy, then) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = css;
      button.textContent = label;
      button.addEventListener("click", function () {
        setRead(form, conflict.on_disk, conflict.disk_fuzzy);
        setShown(form, kept, keptFuzzy);
        clearConflict(form);
        then();
      });
      return button;
    }
    var mine = keep("keep-mine", "Keep mine", conflict.yours, conflict.yours_fuzzy, function () {
      // Saving again over what is on disk now.
      setDigest(conflict.digest);
      submit(form);
    });
    var theirs = keep("keep-disk", "Keep the one on disk", conflict.on_disk, conflict.disk_fuzzy, function () {
      form.removeAttribute("data-unsaved");
      tell(form, "Kept the translation on disk; nothing was written.");
    });
    panel.appendChild(mine);
    panel.appendChild(document.createTextNode(" "));
    panel.appendChild(theirs);
    var outcome = form.querySelector(".outcome");
    form.insertBefore(panel, outcome);
  }

  /** @param {HTMLFormElement} form */
  function submit(form) {
    var token = field(form, "token");
    var body = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      body.append(name, String(value));
    });
    tell(form, "Saving…");
    form.setAttribute("data-saving", "");
    fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Quizkit-Token": token ? token.value : "",
      },
      body: body.toString(),
    })
      .then(function (response) {
        var kind = response.headers.get("Content-Type") || "";
        if (kind.indexOf("application/json") === 0) {
          return response.json().then(function (payload) {
            if (payload.outcome === "saved") {
              var preview = document.querySelector("script[data-editor]");
              if (preview) {
                // What this save built: preview.js reloads the page for changes made elsewhere only.
                preview.setAttribute("data-version", String(payload.version));
                preview.setAttribute("data-problems", JSON.stringify(payload.problems));
              }
              setRead(form, payload.translations, payload.fuzzy);
              setDigest(payload.digest);
              showState(form, payload.state);
              showFindings(form, payload.findings);
              clearConflict(form);
              form.removeAttribute("data-unsaved");
              tell(form, payload.message);
            } else {
              showConflict(form, payload);
              tell(form, "");
            }
            applyFilters();
          });
        }
        return response.text().then(function (text) {
          tell(form, text.trim());
        });
      })
      .then(
        function () {
          form.removeAttribute("data-saving");
        },
        function (/** @type {unknown} */ error) {
          form.removeAttribute("data-saving");
          throw error;
        }
      )
      .catch(function (error) {
        tell(form, "Not saved: the preview server did not answer (" + String(error) + "). Is quizkit serve running?");
      });
  }

  var search = /** @type {HTMLInputElement | null} */ (document.getElementById("search"));
  var filter = /** @type {HTMLSelectElement | null} */ (document.getElementById("filter"));
  var shown = document.getElementById("shown");

  function applyFilters() {
    var query = search ? search.value.trim().toLowerCase() : "";
    var wanted = filter ? filter.value : "all";
    var entries = document.querySelectorAll("li.entry");
    var count = 0;
    Array.prototype.forEach.call(entries, function (/** @type {HTMLElement} */ entry) {
      var state = entry.getAttribute("data-state");
      var fits =
        wanted === "all" ||
        (wanted === "findings" ? entry.getAttribute("data-findings") !== "0" : state === wanted);
      if (fits && query) {
        var texts = [entry.getAttribute("data-key") || ""];
        Array.prototype.forEach.call(entry.querySelectorAll(".source .text, textarea"), function (
          /** @type {HTMLElement} */ node
        ) {
          texts.push(node instanceof HTMLTextAreaElement ? node.value : node.textContent || "");
        });
        fits = texts.join("\n").toLowerCase().indexOf(query) !== -1;
      }
      entry.hidden = !fits;
      count += fits ? 1 : 0;
    });
    if (shown) {
      shown.textContent = count + " of " + entries.length + " entries shown";
    }
  }

  Array.prototype.forEach.call(document.querySelectorAll("form.edit"), function (/** @type {HTMLFormElement} */ form) {
    form.addEventListener("input", function () {
      // preview.js does not reload the page while it holds an unsaved edit.
      form.setAttribute("data-unsaved", "");
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      submit(form);
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("button.use"), function (/** @type {HTMLButtonElement} */ use) {
    use.addEventListener("click", function () {
      var form = /** @type {HTMLFormElement | null} */ (entryOf(use).querySelector("form.edit"));
      if (!form) {
        return;
      }
      setShown(form, JSON.parse(use.getAttribute("data-texts") || "[]"), false);
      form.setAttribute("data-unsaved", "");
    });
  });
  var filters = /** @type {HTMLElement | null} */ (document.querySelector("form.filters"));
  if (filters) {
    filters.hidden = false;
    filters.addEventListener("submit", function (event) {
      event.preventDefault();
    });
  }
  if (search) {
    search.addEventListener("input", applyFilters);
  }
  if (filter) {
    filter.addEventListener("change", applyFilters);
  }
  applyFilters();
})();
