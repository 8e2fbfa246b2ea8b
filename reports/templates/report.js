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

document.querySelectorAll("button.print").forEach(function (button) {
  button.addEventListener("click", function () { window.print(); });
});
