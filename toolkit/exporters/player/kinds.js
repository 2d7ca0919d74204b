// quizkit player, the question kinds: a control per kind, each kind's answer in the URL hash, and the
// learner's answer and the right answer as review terms. player.js creates it with its DOM helpers.
// @ts-check
/* exported quizkitKinds */
var quizkitKinds = function (ui) {
  "use strict";

  var el = ui.el;
  var fill = ui.fill;
  var plainText = ui.plainText;
  var message = ui.message;
  var messageBlock = ui.messageBlock;
  var messageText = ui.messageText;
  var inQuestion = ui.inQuestion;
  var clear = ui.clear;
  var newId = ui.newId;
  var exact = ui.exact;

  function encodeText(text) {
    return encodeURIComponent(text).replace(/\./g, "%2E");
  }

  function decodeText(token) {
    try {
      return decodeURIComponent(token);
    } catch (error) {
      return null;
    }
  }

  function ids(question) {
    switch (question.type) {
      case "matching":
        return question.matches.map(function (match) { return match.id; });
      case "ordering":
        return question.items.map(function (item) { return item.id; });
      default:
        return question.order || [];
    }
  }

  function encode(question, response) {
    if (response === null || response === undefined) {
      return "";
    }
    switch (question.type) {
      case "single_choice":
      case "multiple_choice":
      case "ordering":
        return response.join("+");
      case "true_false":
        return String(response);
      case "matching":
        return question.pairs.filter(function (pair) { return response[pair.id]; }).map(function (pair) {
          return pair.id + ":" + response[pair.id];
        }).join("+");
      case "fill_in_blanks":
        return Object.keys(question.blanks).filter(function (id) { return response[id]; }).map(function (id) {
          return id + ":" + encodeText(response[id]);
        }).join("+");
      default:
        return encodeText(response);
    }
  }

  // An answer read back from the hash, or null when it is missing or does not fit the question.
  function decode(question, token) {
    if (!token) {
      return null;
    }
    var known = ids(question);
    var parts = token.split("+");
    switch (question.type) {
      case "single_choice":
      case "multiple_choice": {
        var chosen = parts.filter(function (id) { return known.indexOf(id) >= 0; });
        return chosen.length ? chosen : null;
      }
      case "ordering":
        return parts.slice().sort().join("+") === known.slice().sort().join("+") ? parts : null;
      case "true_false":
        return token === "true" ? true : token === "false" ? false : null;
      case "matching": {
        var matched = {};
        parts.forEach(function (part) {
          var pair = part.split(":");
          var isPair = question.pairs.some(function (each) { return each.id === pair[0]; });
          if (pair.length === 2 && isPair && known.indexOf(pair[1]) >= 0) {
            matched[pair[0]] = pair[1];
          }
        });
        return Object.keys(matched).length ? matched : null;
      }
      case "fill_in_blanks": {
        var filled = {};
        parts.forEach(function (part) {
          var at = part.indexOf(":");
          var id = part.slice(0, at);
          var value = decodeText(part.slice(at + 1));
          var blank = question.blanks[id];
          if (at > 0 && blank && value) {
            if (blank.kind === "typed" || blank.options.some(function (option) { return option.id === value; })) {
              filled[id] = value;
            }
          }
        });
        return Object.keys(filled).length ? filled : null;
      }
      default:
        return decodeText(token) || null;
    }
  }

  // --- One control per question kind ---------------------------------------------------------------
  // Each returns {node, response(), disable()}; response() is null until something is answered.

  function hintName(question) {
    return {
      single_choice: "choose-one",
      true_false: "choose-one",
      multiple_choice: "choose-all",
      short_answer: "type-answer",
      numeric: "type-number",
      matching: "match-each",
      ordering: "order-items",
      fill_in_blanks: "fill-blanks",
      essay: "write-answer"
    }[question.type];
  }

  function choiceControl(question, choices, single) {
    var list = inQuestion("div", question, {
      "class": "options",
      role: single ? "radiogroup" : "group",
      "aria-labelledby": "prompt-" + question.id
    });
    choices.forEach(function (choice, position) {
      var id = "option-" + question.id + "-" + position;
      var input = el("input", { type: single ? "radio" : "checkbox", name: "answer-" + question.id, id: id, value: choice.value });
      var label = el("label", { "for": id }, [choice.label]);
      var option = inQuestion("div", question, { "class": "option" });
      option.appendChild(input);
      option.appendChild(label);
      option.setAttribute("data-option", choice.value);
      list.appendChild(option);
    });
    function chosen() {
      return Array.prototype.map.call(list.querySelectorAll("input:checked"), function (input) { return input.value; });
    }
    return { node: list, chosen: chosen };
  }

  function optionsControl(question) {
    var single = question.type === "single_choice";
    var choice = choiceControl(question, question.order.map(function (optionId) {
      return { value: optionId, label: fill(el("span", {}), question.options[optionId].text) };
    }), single);
    choice.response = function () {
      var chosen = choice.chosen();
      return chosen.length ? chosen : null;
    };
    return choice;
  }

  function trueFalseControl(question) {
    var choice = choiceControl(question, [
      { value: "true", label: message("true") },
      { value: "false", label: message("false") }
    ], true);
    choice.response = function () {
      var chosen = choice.chosen();
      return chosen.length ? chosen[0] === "true" : null;
    };
    return choice;
  }

  // A labelled text field ("Your answer"), typed answers in the question's language.
  function typedControl(question, tag, attributes) {
    var id = "answer-" + question.id;
    var wrapper = inQuestion("div", question, { "class": "typed" });
    wrapper.appendChild(messageBlock("your-answer", "label", { "for": id, "class": "typed-label" }));
    var field = inQuestion(tag, question, Object.assign({ id: id, name: id, autocomplete: "off", spellcheck: "false" }, attributes));
    field.setAttribute("dir", attributes.dir || question.typedDir);
    var line = el("div", { "class": "typed-line" }, [field]);
    if (question.unit) {
      line.appendChild(inQuestion("span", question, { "class": "unit", id: "unit-" + question.id }, question.unit));
      field.setAttribute("aria-describedby", "unit-" + question.id);
    }
    wrapper.appendChild(line);
    return {
      node: wrapper,
      field: field,
      response: function () { return field.value === "" ? null : field.value; }
    };
  }

  function selectOf(question, choices, placeholder, attributes) {
    var select = inQuestion("select", question, attributes);
    select.appendChild(el("option", { value: "" }, [messageText(placeholder)]));
    choices.forEach(function (choice) {
      select.appendChild(el("option", { value: choice.id }, [plainText(choice.text)]));
    });
    return select;
  }

  function matchingControl(question) {
    var table = inQuestion("div", question, { "class": "matching" });
    var selects = {};
    question.pairs.forEach(function (pair) {
      var id = newId("match-" + question.id);
      var row = inQuestion("div", question, { "class": "match-row" });
      row.appendChild(inQuestion("label", question, { "for": id, "class": "match-prompt" }, pair.prompt));
      var select = selectOf(question, question.matches, "choose-match", { id: id, "data-pair": pair.id });
      selects[pair.id] = select;
      row.appendChild(select);
      table.appendChild(row);
    });
    return {
      node: table,
      response: function () {
        var matched = {};
        Object.keys(selects).forEach(function (pairId) {
          if (selects[pairId].value) {
            matched[pairId] = selects[pairId].value;
          }
        });
        return Object.keys(matched).length ? matched : null;
      }
    };
  }

  // Items reordered with "Move up" / "Move down" buttons (Tab and Enter or Space); the focus stays
  // on the moved item, and a live region says where it now is.
  function orderingControl(question, onChange) {
    var order = question.items.map(function (item) { return item.id; });
    var texts = {};
    question.items.forEach(function (item) { texts[item.id] = item.text; });
    var wrapper = inQuestion("div", question, { "class": "ordering" });
    var list = inQuestion("ol", question, { "class": "order-list", "aria-labelledby": "prompt-" + question.id });
    var status = el("p", { "class": "order-status visually-hidden", role: "status", "aria-live": "polite" });
    wrapper.appendChild(list);
    wrapper.appendChild(status);
    var disabled = false;

    function button(name, itemId, position, step) {
      var node = el("button", {
        type: "button",
        "class": "move " + name,
        "data-item": itemId,
        "aria-describedby": "item-" + question.id + "-" + itemId
      }, [message(name)]);
      node.disabled = disabled || position + step < 0 || position + step >= order.length;
      node.addEventListener("click", function () {
        var target = position + step;
        order.splice(position, 1);
        order.splice(target, 0, itemId);
        render();
        var again = list.querySelector("button." + name + "[data-item='" + itemId + "']");
        var other = list.querySelector("button." + (name === "move-up" ? "move-down" : "move-up") + "[data-item='" + itemId + "']");
        (again.disabled ? other : again).focus();
        clear(status);
        status.appendChild(messageBlock("moved", "span", {}, { position: target + 1, total: order.length }));
        onChange();
      });
      return node;
    }

    function render() {
      clear(list);
      order.forEach(function (itemId, position) {
        var item = inQuestion("li", question, { "class": "order-item", "data-item": itemId });
        item.appendChild(inQuestion("span", question, { "class": "item-text", id: "item-" + question.id + "-" + itemId }, texts[itemId]));
        var buttons = el("span", { "class": "move-buttons" }, [
          button("move-up", itemId, position, -1),
          button("move-down", itemId, position, 1)
        ]);
        item.appendChild(buttons);
        list.appendChild(item);
      });
    }
    render();
    return {
      node: wrapper,
      response: function () { return order.slice(); },
      disable: function () {
        disabled = true;
        render();
      }
    };
  }

  function blanksControl(question) {
    var paragraph = inQuestion("p", question, { "class": "blanks-text" });
    var fields = {};
    var number = 0;
    question.text.forEach(function (part) {
      if (part[0] === "text") {
        fill(paragraph, part[1]);
        return;
      }
      number += 1;
      var blankId = part[1];
      var blank = question.blanks[blankId];
      var label = messageText("blank-label", { number: number });
      var field;
      if (blank.kind === "choice") {
        field = selectOf(question, blank.options, "choose-option", { "aria-label": label, "data-blank": blankId });
      } else {
        field = inQuestion("input", question, { type: "text", size: "12", autocomplete: "off", spellcheck: "false", "aria-label": label, "data-blank": blankId });
        field.setAttribute("dir", question.typedDir);
      }
      field.classList.add("blank");
      fields[blankId] = field;
      paragraph.appendChild(field);
    });
    return {
      node: paragraph,
      response: function () {
        var filled = {};
        Object.keys(fields).forEach(function (blankId) {
          if (fields[blankId].value !== "") {
            filled[blankId] = fields[blankId].value;
          }
        });
        return Object.keys(filled).length ? filled : null;
      }
    };
  }

  function control(question, onChange) {
    switch (question.type) {
      case "single_choice":
      case "multiple_choice":
        return optionsControl(question);
      case "true_false":
        return trueFalseControl(question);
      case "short_answer":
        return typedControl(question, "input", { type: "text" });
      case "numeric":
        return typedControl(question, "input", { type: "text", inputmode: "decimal", dir: "ltr" });
      case "matching":
        return matchingControl(question);
      case "ordering":
        return orderingControl(question, onChange);
      case "fill_in_blanks":
        return blanksControl(question);
      default:
        return typedControl(question, "textarea", { rows: "6" });
    }
  }

  // --- Answers and the right answer, per kind, for the feedback and the review ---------------------

  function optionTerms(question, chosen, className) {
    return question.order.filter(function (id) { return chosen.indexOf(id) >= 0; }).map(function (id) {
      return inQuestion("dd", question, { "class": className }, question.options[id].text);
    });
  }

  function matchText(question, matchId) {
    var found = question.matches.filter(function (match) { return match.id === matchId; })[0];
    return found ? found.text : null;
  }

  function itemText(question, itemId) {
    return question.items.filter(function (item) { return item.id === itemId; })[0].text;
  }

  function pairTerms(question, matched, className) {
    return question.pairs.map(function (pair) {
      var term = inQuestion("dd", question, { "class": className + " pair" });
      term.appendChild(fill(inQuestion("span", question, { "class": "pair-prompt" }), pair.prompt));
      term.appendChild(document.createTextNode(": "));
      var text = matchText(question, matched[pair.id]);
      term.appendChild(text ? fill(inQuestion("span", question, { "class": "pair-match" }), text) : messageBlock("not-answered", "span", { "class": "pair-match" }));
      return term;
    });
  }

  function orderTerm(question, order, className) {
    var term = inQuestion("dd", question, { "class": className });
    var list = inQuestion("ol", question, { "class": "review-order" });
    order.forEach(function (itemId) {
      list.appendChild(inQuestion("li", question, {}, itemText(question, itemId)));
    });
    term.appendChild(list);
    return term;
  }

  function blanksTerm(question, values, className) {
    var term = inQuestion("dd", question, { "class": className + " blanks-text" });
    question.text.forEach(function (part) {
      if (part[0] === "text") {
        fill(term, part[1]);
        return;
      }
      var value = values[part[1]];
      var shown = inQuestion("span", question, { "class": "filled" });
      if (value === undefined || value === null || value === "") {
        shown.appendChild(document.createTextNode("…"));
      } else if (Array.isArray(value)) {
        fill(shown, value);
      } else {
        shown.appendChild(document.createTextNode(value));
      }
      term.appendChild(shown);
    });
    return term;
  }

  function typedTerm(question, text, className) {
    var term = inQuestion("dd", question, { "class": className + " typed-answer" });
    var span = el("span", { dir: question.type === "numeric" ? "ltr" : question.typedDir || question.dir }, [text]);
    term.appendChild(span);
    if (question.unit) {
      term.appendChild(document.createTextNode(" "));
      fill(term, question.unit);
    }
    return term;
  }

  // The learner's answer as review terms (<dd>).
  function answerTerms(question, response) {
    var className = "chosen";
    switch (question.type) {
      case "single_choice":
      case "multiple_choice":
        return optionTerms(question, response, className);
      case "true_false":
        return [messageBlock(response ? "true" : "false", "dd", { "class": className })];
      case "matching":
        return pairTerms(question, response, className);
      case "ordering":
        return [orderTerm(question, response, className)];
      case "fill_in_blanks": {
        var values = {};
        Object.keys(response).forEach(function (blankId) {
          var blank = question.blanks[blankId];
          values[blankId] = blank.kind === "choice"
            ? blank.options.filter(function (option) { return option.id === response[blankId]; })[0].text
            : response[blankId];
        });
        return [blanksTerm(question, values, className)];
      }
      default:
        return [typedTerm(question, response, className)];
    }
  }

  function numberText(value) {
    return exact.format(value);
  }

  // The right answer as review terms (<dd>); the page has it only with the key.
  function correctTerms(question) {
    var className = "correct";
    switch (question.type) {
      case "single_choice":
      case "multiple_choice":
        return optionTerms(question, question.correct, className);
      case "true_false":
        return [messageBlock(question.correct ? "true" : "false", "dd", { "class": className })];
      case "short_answer":
        return question.shown.map(function (shown) {
          return inQuestion("dd", question, { "class": className }, shown);
        });
      case "numeric": {
        var text = numberText(question.answer);
        if (decimalIsNonzero(question.tolerance)) {
          text += " ± " + numberText(question.tolerance);
        }
        return [typedTerm(question, text, className)];
      }
      case "matching":
        return pairTerms(question, question.correct, className);
      case "ordering":
        return [orderTerm(question, question.correct, className)];
      case "fill_in_blanks": {
        var values = {};
        Object.keys(question.blanks).forEach(function (blankId) {
          var blank = question.blanks[blankId];
          values[blankId] = blank.kind === "choice"
            ? blank.options.filter(function (option) { return option.id === blank.correct; })[0].text
            : blank.shown[0];
        });
        return [blanksTerm(question, values, className)];
      }
      default:
        return [];
    }
  }

  function decimalIsNonzero(text) {
    return /[1-9]/.test(text.split(/[eE]/)[0]);
  }

  return {
    encode: encode,
    decode: decode,
    hintName: hintName,
    control: control,
    answerTerms: answerTerms,
    correctTerms: correctTerms
  };
};
