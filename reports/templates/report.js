"use strict";
// Sortable tables: a header button sorts the rows by its column's data-sort values.
document.querySelectorAll("table.sortable").forEach(function (table) {
  table.querySelectorAll("th button.sort").forEach(function (button) {
    button.addEventListener("click", function () {
      var th = button.closest("th");
      var col = Array.prototype.indexOf.call(th.parentNode.children, th);
      var ascending = th.getAttribute("aria-sort") !== "ascending";
      table.querySelectorAll("th[aria-sort]").forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var numeric = th.dataset.type === "number";
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[col].dataset.sort, y = b.cells[col].dataset.sort;
        var order = numeric ? parseFloat(x) - parseFloat(y) : x.localeCompare(y, document.documentElement.lang);
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});

// Board step-through: each player holds its states as JSON (with how its boards write the blank and
// their goal, so that 3×3 and 4×4 puzzles of either convention share it) and shows one on its board.
document.querySelectorAll(".player").forEach(function (player) {
  var data = JSON.parse(player.querySelector("script[type='application/json']").textContent);
  var cells = player.querySelectorAll(".board .cell");
  var slider = player.querySelector("input[type=range]");
  var chips = player.querySelectorAll(".moves li");
  var step = 0, last = data.states.length - 1;
  function show(k) {
    step = Math.max(0, Math.min(last, k));
    var state = data.states[step], before = step > 0 ? data.states[step - 1] : null;
    for (var i = 0; i < cells.length; i++) {
      var blank = state[i] === data.blank;
      cells[i].textContent = blank ? "" : String(state[i]);
      cells[i].className = "cell" + (blank ? " blank" : state[i] === data.goal[i] ? " home" : "")
        + (before && before[i] === data.blank ? " moved" : "");
    }
    slider.value = String(step);
    player.querySelector(".k").textContent = String(step);
    player.querySelector(".move").textContent = step > 0 ? data.moves[step - 1] : "";
    player.querySelector(".hval").textContent = String(data.h[step]);
    chips.forEach(function (chip, i) { chip.classList.toggle("current", i === step - 1); });
  }
  var actions = { first: function () { return 0; }, prev: function () { return step - 1; },
                  next: function () { return step + 1; }, last: function () { return last; } };
  player.querySelectorAll("button[data-step]").forEach(function (button) {
    button.addEventListener("click", function () { show(actions[button.dataset.step]()); });
  });
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  show(0);
});

// Search replay: the controls (hidden without script) walk both sides' calls, marking the k-th call of
// each and its state in the drawing; the static lists and drawing read the same without them.
document.querySelectorAll("section.replay").forEach(function (replay) {
  var controls = replay.querySelector(".replay-controls");
  var slider = controls.querySelector("input[type=range]");
  var sides = replay.querySelectorAll(".replay-side");
  var step = parseInt(slider.value, 10), last = parseInt(slider.max, 10);
  function show(k) {
    step = Math.max(1, Math.min(last, k));
    slider.value = String(step);
    controls.querySelector(".k").textContent = String(step);
    replay.querySelectorAll("svg .node").forEach(function (node) {
      node.classList.remove("current-student", "current-expected");
    });
    sides.forEach(function (side, i) {
      side.querySelectorAll("li[data-n]").forEach(function (li) {
        var here = li.dataset.n === String(step);
        li.classList.toggle("current", here);
        if (here) {
          replay.querySelectorAll("svg .node").forEach(function (node) {
            if (node.dataset.key === li.dataset.key) { node.classList.add(i === 0 ? "current-student" : "current-expected"); }
          });
        }
      });
    });
  }
  controls.querySelectorAll("button[data-step]").forEach(function (button) {
    button.addEventListener("click", function () { show(step + (button.dataset.step === "next" ? 1 : -1)); });
  });
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  controls.hidden = false;
  show(step);
});

document.querySelectorAll("button.print").forEach(function (button) {
  button.addEventListener("click", function () { window.print(); });
});
