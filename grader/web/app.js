// The self-check's page: the student's files and questions in, the verdicts and the report out. The
// grader runs in the judge's Web Worker (worker.js), which runs the student's module in a worker of its
// own (student.js) and holds each of its calls to its time limit: this page only shows what the judge
// says.

const TEXT = {
  fr: {
    title: "Vérifier mon travail",
    switch: "English",
    intro:
      "Choisissez vos fichiers (jeux.py, taquin.py, recherche.py, ou un notebook .ipynb) et les questions : le correcteur les vérifie ici, dans votre navigateur. Votre code ne quitte pas votre machine. Il s'exécute à part du correcteur, qui ne croit que ce qu'il observe : votre code ne peut pas changer le verdict. C'est une vérification pour vous, pas une note : seule la correction de votre enseignant compte.",
    loading: "Chargement de Python…",
    ready: "Python est prêt ({s} s).",
    files: "Vos fichiers",
    pick: "Choisir des fichiers (ou les déposer ici)",
    none: "Aucun fichier choisi.",
    refused: "{name} : ni un fichier .py ni un notebook .ipynb, ignoré.",
    questions: "Questions",
    family: { jeux: "Jeux à un joueur (jeux.py)", taquin: "Le taquin (taquin.py)", recherche: "Extensions (recherche.py)" },
    seed: "Graine (facultatif : la même graine redonne les mêmes cas)",
    check: "Vérifier",
    results: "Résultats",
    question: "Question",
    points: "Points",
    verdict: "Verdict",
    checking: "{qid} : vérification en cours…",
    restarted: "{qid} : le code ne s'arrêtait pas ; il a été arrêté et Python relancé, la vérification continue.",
    done: "Vérification terminée : {score} / {max} points.",
    seedUsed: "Graine : {seed} (grader check --seed {seed} redonne les mêmes cas).",
    download: "Télécharger le rapport (HTML)",
    report: "Rapport",
    failed: "Erreur du correcteur : {message}",
    noQuestion: "Choisissez au moins une question.",
  },
  en: {
    title: "Check my work",
    switch: "Français",
    intro:
      "Choose your files (jeux.py, taquin.py, recherche.py, or a .ipynb notebook) and the questions: the grader checks them here, in your browser. Your code does not leave your machine. It runs apart from the grader, which believes only what it observes: your code cannot change the verdict. This is a check for you, not a grade: only your teacher's grading counts.",
    loading: "Loading Python…",
    ready: "Python is ready ({s} s).",
    files: "Your files",
    pick: "Choose files (or drop them here)",
    none: "No file chosen.",
    refused: "{name}: neither a .py file nor a .ipynb notebook, left out.",
    questions: "Questions",
    family: { jeux: "One-player games (jeux.py)", taquin: "The 15-puzzle (taquin.py)", recherche: "Extensions (recherche.py)" },
    seed: "Seed (optional: the same seed gives the same cases again)",
    check: "Check",
    results: "Results",
    question: "Question",
    points: "Points",
    verdict: "Verdict",
    checking: "{qid}: checking…",
    restarted: "{qid}: the code did not stop; it was ended and Python started again, the check goes on.",
    done: "Check finished: {score} / {max} points.",
    seedUsed: "Seed: {seed} (grader check --seed {seed} gives the same cases again).",
    download: "Download the report (HTML)",
    report: "Report",
    failed: "Grader error: {message}",
    noQuestion: "Choose at least one question.",
  },
};
const state = {
  lang: "fr",
  kit: null,
  files: new Map(),
  parts: new Map(), // qid -> the question's result (JSON), as the judge's worker gave it
  views: new Map(), // qid -> {rows, text} in state.lang
  seed: null,
  reportUrl: null,
};
const $ = (selector) => document.querySelector(selector);
// The status lines, as message keys and parameters: said again in the other language on the switch.
const lines = { python: ["loading", {}], progress: null, seed: null };
function show(line, key, params = {}) {
  lines[line] = [key, params];
  $(line === "seed" ? "#seed-used" : `#${line}`).textContent = say(key, params);
}
const say = (key, params = {}) =>
  TEXT[state.lang][key].replace(/\{(\w+)\}/g, (_, name) =>
    typeof params[name] === "number" ? number(params[name], 2) : String(params[name] ?? ""),
  );
// What tests and the benchmark read: seconds since the page opened, when Python was ready and when
// each verdict came; how long each question's check took; how often the student's worker was ended and
// started again; when the next student's worker was ready after a check (`renewed`); an event
// "selfcheck" on the window when a check is over (its report drawn in the frame).
window.selfCheck = { ready: null, verdicts: {}, seconds: {}, restarts: 0, isolated: self.crossOriginIsolated === true };

// -- the judge's worker ------------------------------------------------------------------------------
class Checker {
  constructor() {
    this.worker = new Worker("worker.js", { type: "module" });
    this.pending = null;
    this.ready = new Promise((resolve, reject) => {
      this.booted = resolve;
      this.bootFailed = reject;
    });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      const error = new Error(event.message || "worker");
      if (this.pending !== null) this.pending.reject(error);
      else this.bootFailed(error);
    };
    this.worker.postMessage({ type: "boot" });
  }

  receive(message) {
    if (message.type === "ready") {
      window.selfCheck.ready = performance.now() / 1000;
      window.selfCheck.phases = message.phases;
      show("python", "ready", { s: number(message.seconds, 1) });
      $("#check").disabled = false;
      this.booted();
    } else if (message.type === "renewed") {
      window.selfCheck.renewed = performance.now() / 1000;
    } else if (message.type === "restarted") {
      window.selfCheck.restarts += 1;
      if (this.pending !== null && this.pending.message.qid) show("progress", "restarted", { qid: this.pending.message.qid });
    } else if (this.pending !== null) {
      const { resolve, reject } = this.pending;
      this.pending = null;
      if (message.type === "failed") reject(new Error(message.message));
      else resolve(message);
    } else if (message.type === "failed") {
      this.bootFailed(new Error(message.message));
    }
  }

  ask(message) {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, message };
      this.worker.postMessage(message);
    });
  }

  async check(qid) {
    await this.ready;
    const files = Object.fromEntries(state.files);
    return this.ask({ type: "check", key: state.key, files, seed: state.seed, qid, lang: state.lang });
  }
}

// -- the page -----------------------------------------------------------------------------------------
function number(value, digits) {
  const locale = state.lang === "fr" ? "fr-FR" : "en-GB";
  return value.toLocaleString(locale, { maximumFractionDigits: digits, useGrouping: false });
}

function translate() {
  document.documentElement.lang = state.lang;
  document.title = `${say("title")} — taquin-grader`;
  for (const element of document.querySelectorAll("[data-text]")) element.textContent = say(element.dataset.text);
  for (const [line, said] of Object.entries(lines)) if (said !== null) show(line, ...said);
  $("#lang").lang = state.lang === "fr" ? "en" : "fr";
  $("#report").title = say("report");
  showQuestions();
  showFiles();
}

function showQuestions() {
  const chosen = new Set([...document.querySelectorAll("#families input:checked")].map((box) => box.value));
  const first = chosen.size === 0 && document.querySelector("#families input") === null;
  const families = $("#families");
  families.replaceChildren();
  const byModule = new Map();
  for (const question of state.kit.questions[state.lang]) {
    if (!byModule.has(question.module)) byModule.set(question.module, []);
    byModule.get(question.module).push(question);
  }
  for (const [module, questions] of byModule) {
    const fieldset = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = TEXT[state.lang].family[module] || module;
    fieldset.append(legend);
    for (const question of questions) {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = question.id;
      box.checked = first ? !question.id.startsWith("x") : chosen.has(question.id);
      label.append(box, ` ${question.title}`);
      fieldset.append(label);
    }
    families.append(fieldset);
  }
}

function showFiles() {
  const list = $("#chosen");
  list.replaceChildren();
  for (const name of state.files.keys()) {
    const item = document.createElement("li");
    item.textContent = name;
    list.append(item);
  }
  for (const name of state.refused || []) {
    const item = document.createElement("li");
    item.textContent = say("refused", { name });
    list.append(item);
  }
  if (list.children.length === 0) {
    const item = document.createElement("li");
    item.textContent = say("none");
    list.append(item);
  }
}

async function takeFiles(files) {
  state.files = new Map();
  state.refused = [];
  for (const file of files) {
    if (/\.(py|ipynb)$/i.test(file.name)) state.files.set(file.name, new Uint8Array(await file.arrayBuffer()));
    else state.refused.push(file.name);
  }
  state.key = `${Date.now()}-${Math.random()}`; // a new session in the worker
  window.selfCheck.files = [...state.files.keys()];
  showFiles();
}

function showVerdicts() {
  const body = $("#verdicts tbody");
  body.replaceChildren();
  const details = $("#details");
  details.replaceChildren();
  for (const [qid, view] of state.views) {
    for (const row of view.rows) {
      const line = document.createElement("tr");
      const cells = [row.id, `${number(row.score, 2)} / ${number(row.max, 2)}`, row.status_text];
      cells.forEach((text, index) => {
        const cell = document.createElement(index === 0 ? "th" : "td");
        if (index === 0) cell.scope = "row";
        cell.textContent = text;
        line.append(cell);
      });
      line.dataset.qid = row.id;
      line.dataset.status = row.status;
      line.dataset.score = String(row.score);
      body.append(line);
    }
    const pre = document.createElement("pre");
    pre.dataset.qid = qid;
    pre.textContent = view.text;
    details.append(pre);
  }
  $("#verdicts").hidden = state.views.size === 0;
}

async function refreshViews(checker) {
  for (const [qid, part] of state.parts) {
    const message = await checker.ask({ type: "view", part, lang: state.lang });
    state.views.set(qid, message.view && JSON.parse(message.view));
  }
  showVerdicts();
  if (state.parts.size) await showReport(checker);
}

async function showReport(checker) {
  const message = await checker.ask({ type: "report", parts: [...state.parts.values()], seed: state.seed, lang: state.lang });
  const frame = $("#report");
  frame.hidden = false;
  // Shown once the frame has loaded it: a check is over (finished, "selfcheck") with its report on screen.
  await new Promise((resolve) => {
    frame.addEventListener("load", resolve, { once: true });
    frame.srcdoc = message.html;
  });
  if (state.reportUrl) URL.revokeObjectURL(state.reportUrl);
  state.reportUrl = URL.createObjectURL(new Blob([message.html], { type: "text/html" }));
  const link = $("#download");
  link.href = state.reportUrl;
  link.hidden = false;
}

async function checkAll(checker) {
  const qids = [...document.querySelectorAll("#families input:checked")].map((box) => box.value);
  if (qids.length === 0 || state.files.size === 0) {
    show("progress", qids.length === 0 ? "noQuestion" : "none");
    return;
  }
  const given = $("#seed").value.trim();
  state.seed = given === "" ? crypto.getRandomValues(new Uint32Array(1))[0] : Number(given);
  state.parts = new Map();
  state.views = new Map();
  $("#check").disabled = true;
  try {
    for (const qid of qids) {
      show("progress", "checking", { qid });
      const started = performance.now();
      const message = await checker.check(qid);
      window.selfCheck.seconds[qid] = (performance.now() - started) / 1000;
      state.parts.set(qid, message.part);
      state.views.set(qid, JSON.parse(message.view));
      window.selfCheck.verdicts[qid] = performance.now() / 1000;
      showVerdicts();
    }
    const rows = [...state.views.values()].flatMap((view) => view.rows);
    const score = rows.reduce((sum, row) => sum + row.score, 0);
    const max = rows.reduce((sum, row) => sum + row.max, 0);
    show("progress", "done", { score, max });
    show("seed", "seedUsed", { seed: state.seed });
    checker.worker.postMessage({ type: "renew" }); // the next student's worker boots while the report renders
    await showReport(checker);
    window.selfCheck.finished = performance.now() / 1000;
  } catch (error) {
    show("progress", "failed", { message: error.message });
    window.selfCheck.failed = error.message;
  } finally {
    window.dispatchEvent(new Event("selfcheck")); // the check is over (finished or failed)
    $("#check").disabled = false;
  }
}

async function main() {
  const checker = new Checker(); // Python starts first: the page's own files are quick
  state.kit = await (await fetch("kit.json")).json();
  translate();
  checker.ready.catch((error) => {
    show("python", "failed", { message: error.message });
  });
  $("#pick").addEventListener("change", (event) => takeFiles(event.target.files));
  const drop = $("#drop");
  drop.addEventListener("dragover", (event) => event.preventDefault());
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    takeFiles(event.dataTransfer.files);
  });
  $("#check").addEventListener("click", () => checkAll(checker));
  $("#lang").addEventListener("click", async () => {
    state.lang = state.lang === "fr" ? "en" : "fr";
    window.selfCheck.said = null;
    translate();
    if (state.parts.size && !$("#check").disabled) await refreshViews(checker);
    window.selfCheck.said = state.lang; // everything on the page is in that language now
  });
}

main();
