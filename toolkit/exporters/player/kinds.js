// quizkit player, the question kinds: a control per kind, each kind's answer in the URL hash, and the
// learner's answer and the right answer as review terms. player.js creates it with its DOM helpers.
// @ts-check
/* exported quizkitKinds */
/** @param {PlayerUi} ui */
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

  /** @param {string} text */
  function encodeText(text) {
    return encodeURIComponent(text).replace(/\./g, "%2E");
  }

  /** @param {string} token */
  function decodeText(token) {
    try {
      return decodeURIComponent(token);
    } catch (error) {
      return null;
    }
  }

  /**
   * @param {QuestionView} question
   * @returns {string[]}
   */
  function ids(question) {
    switch (question.type) {
      case "matching":
        return question.matches.map(function (match) { return match.id; });
      case "ordering":
        return question.items.map(function (item) { return item.id; });
      default:
        return /** @type {{ order?: string[] }} */ (question).order || [];
    }
  }

  /**
   * @param {QuestionView} question
   * @param {any} response  the question's kind of LearnerResponse (null or undefined: none)
   * @returns {string}
   */
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
  /**
   * @param {QuestionView} question
   * @param {string} token
   * @returns {LearnerResponse}
   */
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
        /** @type {Record<string, string>} */
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
        /** @type {Record<string, string>} */
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

  /**
   * @param {QuestionView} question
   * @returns {string}
   */
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

  /**
   * @param {QuestionBase} question
   * @param {Array<{ value: string, label: Node }>} choices
   * @param {boolean} single
   * @returns {ChoiceControl}
   */
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
    /** @returns {string[]} */
    function chosen() {
      return /** @type {string[]} */ (
        Array.prototype.map.call(list.querySelectorAll("input:checked"), function (input) { return input.value; })
      );
    }
    return { node: list, chosen: chosen };
  }

  /**
   * @param {ChoiceQuestionView} question
   * @returns {Control}
   */
  function optionsControl(question) {
    var single = question.type === "single_choice";
    var choice = choiceControl(question, question.order.map(function (optionId) {
      return { value: optionId, label: fill(el("span", {}), question.options[optionId].text) };
    }), single);
    choice.response = function () {
      var chosen = choice.chosen();
      return chosen.length ? chosen : null;
    };
    return /** @type {Control} */ (choice);
  }

  /**
   * @param {TrueFalseQuestionView} question
   * @returns {Control}
   */
  function trueFalseControl(question) {
    var choice = choiceControl(question, [
      { value: "true", label: message("true") },
      { value: "false", label: message("false") }
    ], true);
    choice.response = function () {
      var chosen = choice.chosen();
      return chosen.length ? chosen[0] === "true" : null;
    };
    return /** @type {Control} */ (choice);
  }

  // A labelled text field ("Your answer"), typed answers in the question's language.
  /**
   * @param {TypedQuestion} question
   * @param {"input" | "textarea"} tag
   * @param {Attributes} attributes
   * @returns {TypedControl}
   */
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

  /**
   * @param {Languages} question
   * @param {Array<{ id: string, text: Segments }>} choices
   * @param {string} placeholder
   * @param {Attributes} attributes
   */
  function selectOf(question, choices, placeholder, attributes) {
    var select = inQuestion("select", question, attributes);
    select.appendChild(ui.markMessage(el("option", { value: "" }, [messageText(placeholder)]), placeholder));
    choices.forEach(function (choice) {
      select.appendChild(ui.markKey(el("option", { value: choice.id }, [plainText(choice.text)]), choice.text));
    });
    return select;
  }

  /**
   * @param {MatchingQuestionView} question
   * @returns {Control}
   */
  function matchingControl(question) {
    var table = inQuestion("div", question, { "class": "matching" });
    /** @type {Record<string, HTMLSelectElement>} */
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
        /** @type {Record<string, string>} */
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
  /**
   * @param {OrderingQuestionView} question
   * @param {() => void} onChange
   * @returns {Control}
   */
  function orderingControl(question, onChange) {
    var order = question.items.map(function (item) { return item.id; });
    /** @type {Record<string, Segments>} */
    var texts = {};
    question.items.forEach(function (item) { texts[item.id] = item.text; });
    var wrapper = inQuestion("div", question, { "class": "ordering" });
    var list = inQuestion("ol", question, { "class": "order-list", "aria-labelledby": "prompt-" + question.id });
    var status = el("p", { "class": "order-status visually-hidden", role: "status", "aria-live": "polite" });
    wrapper.appendChild(list);
    wrapper.appendChild(status);
    var disabled = false;

    /**
     * @param {string} name
     * @param {string} itemId
     * @param {number} position
     * @param {number} step
     */
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
        // render() made both buttons of the item.
        var again = /** @type {HTMLButtonElement} */ (list.querySelector("button." + name + "[data-item='" + itemId + "']"));
        var other = /** @type {HTMLButtonElement} */ (
          list.querySelector("button." + (name === "move-up" ? "move-down" : "move-up") + "[data-item='" + itemId + "']")
        );
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

  /**
   * @param {FillInBlanksQuestionView} question
   * @returns {Control}
   */
  function blanksControl(question) {
    var paragraph = inQuestion("p", question, { "class": "blanks-text" });
    /** @type {Record<string, HTMLInputElement | HTMLSelectElement>} */
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
      /** @type {HTMLInputElement | HTMLSelectElement} */
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
        /** @type {Record<string, string>} */
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

  /**
   * @param {QuestionView} question
   * @param {() => void} onChange
   * @returns {Control}
   */
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

  /**
   * @param {ChoiceQuestionView} question
   * @param {string[]} chosen
   * @param {string} className
   */
  function optionTerms(question, chosen, className) {
    return question.order.filter(function (id) { return chosen.indexOf(id) >= 0; }).map(function (id) {
      return inQuestion("dd", question, { "class": className }, question.options[id].text);
    });
  }

  /**
   * @param {MatchingQuestionView} question
   * @param {string} matchId
   */
  function matchText(question, matchId) {
    var found = question.matches.filter(function (match) { return match.id === matchId; })[0];
    return found ? found.text : null;
  }

  /**
   * @param {OrderingQuestionView} question
   * @param {string} itemId
   */
  function itemText(question, itemId) {
    return question.items.filter(function (item) { return item.id === itemId; })[0].text;
  }

  /**
   * @param {MatchingQuestionView} question
   * @param {Record<string, string>} matched
   * @param {string} className
   */
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

  /**
   * @param {OrderingQuestionView} question
   * @param {string[]} order
   * @param {string} className
   */
  function orderTerm(question, order, className) {
    var term = inQuestion("dd", question, { "class": className });
    var list = inQuestion("ol", question, { "class": "review-order" });
    order.forEach(function (itemId) {
      list.appendChild(inQuestion("li", question, {}, itemText(question, itemId)));
    });
    term.appendChild(list);
    return term;
  }

  /**
   * @param {FillInBlanksQuestionView} question
   * @param {Record<string, Segments | string>} values  the text chosen or typed, per blank
   * @param {string} className
   */
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

  /**
   * @param {TypedQuestion} question
   * @param {string} text
   * @param {string} className
   */
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
  /**
   * @param {QuestionView} question
   * @param {any} response  the question's kind of LearnerResponse
   * @returns {HTMLElement[]}
   */
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
        /** @type {Record<string, Segments | string>} */
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

  /** @param {Intl.StringNumericLiteral} value */
  function numberText(value) {
    return exact.format(value);
  }

  // The right answer as review terms (<dd>); the page has it only with the key.
  /**
   * @param {QuestionView} question
   * @returns {HTMLElement[]}
   */
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
        /** @type {Record<string, Segments | string>} */
        var values = {};
        Object.keys(question.blanks).forEach(function (blankId) {
          var blank = question.blanks[blankId];
          values[blankId] = blank.kind === "choice"
            ? blank.options.filter(function (option) { return option.id === /** @type {{ correct: string }} */ (blank).correct; })[0].text
            : blank.shown[0];
        });
        return [blanksTerm(question, values, className)];
      }
      default:
        return [];
    }
  }

  /** @param {string} text */
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
