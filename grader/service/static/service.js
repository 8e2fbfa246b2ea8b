// Live pages of the service: poll the JSON of the page's table and redraw it. Every value is set with
// textContent (never HTML): the student's strings cannot become markup.
"use strict";
(function () {
  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }
  function labels() {
    const tpl = document.getElementById("labels");
    return tpl ? tpl.content.firstElementChild.dataset : {};
  }
  function notice(text) {
    const node = document.getElementById("notice");
    if (!node) return;
    node.textContent = text;
    node.hidden = !text;
  }
  function poll(url, draw, every) {
    function tick() {
      fetch(url, {credentials: "same-origin", cache: "no-store"})
        .then(function (r) {
          // 503: the service's database is away for a moment; say so until an answer comes back.
          if (r.status === 503) return r.json().then(function (d) { notice(d.error); return null; });
          if (r.ok) notice("");
          return r.ok ? r.json() : null;
        })
        .then(function (data) { if (data) draw(data); })
        .catch(function () {})
        .finally(function () { setTimeout(tick, every); });
    }
    tick();
  }
  // The server pushes the page's JSON when it changes (Server-Sent Events); a browser without
  // EventSource polls instead.
  function live(node, draw, every) {
    if (!window.EventSource) return poll(node.dataset.source, draw, every);
    const source = new EventSource(node.dataset.events);
    source.onmessage = function (event) { notice(""); draw(JSON.parse(event.data)); };
    source.addEventListener("unavailable", function (event) { notice(JSON.parse(event.data).error); });
    // A stream refused (a 503 while the database is away) is not retried by the browser: poll instead.
    source.onerror = function () { if (source.readyState === EventSource.CLOSED) poll(node.dataset.source, draw, every); };
  }

  const attempts = document.getElementById("attempts");
  if (attempts) {
    const text = labels();
    let shown = null;
    live(attempts, function (data) {
      const body = attempts.tBodies[0];
      body.replaceChildren();
      data.attempts.forEach(function (a) {
        const row = el("tr");
        row.id = "a" + a.id;
        row.dataset.state = a.state;
        row.append(el("td", a.number), el("td", a.created + (a.late ? " (" + text.late + ")" : "")),
                   el("td", a.label, "state state-" + a.state),
                   el("td", a.score_text, "score"));
        const qs = el("td");
        a.questions.forEach(function (q) { qs.append(el("span", q.id + " " + q.score + "/" + q.max + " " + q.status, "q")); });
        row.append(qs);
        const open = el("td");
        if (a.report) {
          const link = el("a", text.open);
          link.href = a.report;
          link.addEventListener("click", function (event) { event.preventDefault(); show(a.report); });
          open.append(link);
        }
        row.append(open);
        body.append(row);
      });
      const latest = data.attempts[0];
      if (latest && latest.report && shown !== latest.report) show(latest.report);
      const budget = document.getElementById("budget");
      let line = attempts.dataset.budget.replace("#", data.budget.student);
      Object.keys(data.budget.questions).forEach(function (q) { line += " · " + q + " : " + data.budget.questions[q]; });
      budget.textContent = line;
    }, 1000);
    function show(url) {
      shown = url;
      document.getElementById("report-card").hidden = false;
      document.getElementById("report").src = url;
    }
  }

  const table = document.getElementById("class");
  if (table) {
    const text = labels();
    const lang = table.dataset.lang;
    live(table, function (data) {
      const body = table.tBodies[0];
      body.replaceChildren();
      data.students.forEach(function (s) {
        const row = el("tr");
        row.dataset.student = s.student;
        const name = el("td");
        const link = el("a", s.name);
        link.href = "/teacher/students/" + encodeURIComponent(s.student) + "?lang=" + lang;
        name.append(link);
        const state = el("td");
        if (s.absent) state.append(el("span", s.state, "badge sub-apart"));
        else state.textContent = s.state + (s.late ? " (" + text.late + ")" : "");
        row.append(name, el("td", s.attempts), state);
        data.questions.forEach(function (q) { row.append(el("td", q in s.scores ? s.scores[q] : "", "score-" + q)); });
        const total = el("td", s.total === null ? "" : s.total, "total");
        // A total that waits for a written mark is no grade yet: said with a badge, as on the class report.
        if (s.unmarked) total.append(" ", el("span", text.unmarked + " : " + s.unmarked, "badge unmarked"));
        row.append(total);
        body.append(row);
      });
      const stats = document.getElementById("stats").tBodies[0];
      stats.replaceChildren();
      data.stats.forEach(function (q) {
        const row = el("tr");
        row.append(el("td", q.id), el("td", q.graded), el("td", q.mean === null ? "" : q.mean), el("td", q.passed),
                   el("td", q.unmarked || ""));
        stats.append(row);
      });
      document.getElementById("missing").textContent = data.missing.join(", ");
      document.getElementById("waiting").textContent = data.waiting;
    }, 2000);
  }
})();
