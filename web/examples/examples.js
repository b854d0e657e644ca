// The example page's own code (web/examples/index.html): the second board is driven through postMessage, as a
// tutorial of your own would drive one (the messages are described in the project's docs/embedding.md).
"use strict";

(() => {
  // The situation sent: Ann and Brian may recruit before the Goblins of year I attack; the King's die is fixed at 1.
  const POSITION = {
    format: "kingsburg-position",
    version: 1,
    year: 1,
    phase: 7,
    turn_order: [0, 1],
    enemies: ["I-3", "II-1", "III-1", "IV-1", "V-1"],
    dice: [1],
    seats: [
      { name: "Ann", gold: 2, wood: 2 },
      { name: "Brian", stone: 1, wood: 1 },
    ],
  };
  // A puzzle (docs/lessons.md, "Puzzles"): Ann finds the placement that gets her a stone and a gold; the board
  // hints at each foreseen wrong answer, and this page hears whether she solved it, and how.
  const PUZZLE = {
    format: "kingsburg-lesson",
    version: 1,
    title: "A stone and a gold",
    start: { ...POSITION, phase: 2, dice: [6, 6, 6, 1, 1, 4, 5, 1, 6, 6, 6], seats: [
      { name: "Ann", buildings: ["inn", "market"] },
      { name: "Brian" },
    ] },
    steps: [{
      text: "Ann rolled 4, 5 and 1 and has a **Market**. She wants a **stone and a gold** this spring.",
      expect: "place 5+4+1 @11 market",
      hint: "Which advisor gives a stone and a gold? Can Ann's dice reach it?",
      wrong: { "place 5+4 @9": "The Master Hunter (#9) gives a wood with the stone or the gold, never both." },
    }],
    solved: "The Market turns 10 into 11: the **Swordsmith (#11)** gives a stone and a gold.",
    then: { seats: ["human", "normal"] },
  };
  // A collection (docs/lessons.md, "Collections"): two of the tutorial's lessons under a title of this page's own.
  // Sent opened at the Market lesson's second step, whose arrow joins Ann's dice to the General; its end offers
  // "Next lesson: The Crane", in the board.
  const COLLECTION = {
    format: "kingsburg-collection",
    version: 1,
    title: "Ann's buildings",
    summary: "What her Market and her Crane do for her.",
    lessons: ["11-market", "12-crane"],
  };
  // A step that shows the season's banner (docs/lessons.md, "A season's banner"): spring played to its end, then
  // what the advisors gave each governor, in the court's place, with a label on Ann's line. Sent at its last step.
  const SEASON = {
    format: "kingsburg-lesson",
    version: 1,
    title: "What the advisors gave",
    start: PUZZLE.start,
    steps: [
      {
        text: "Ann puts her **5 and 4** on the **General (#10)** with her Market.",
        point: ["advisor:10", "dice:0"],
        expect: "place 5+4 @10 market",
        play: [{ move: "place 6+6 @12", say: "Brian takes the Duchess (#12)." }],
      },
      {
        text: "Ann's last die, a **1**, goes to the **Jester (#1)**.",
        point: ["advisor:1"],
        expect: "place 1 @1",
        play: ["pass", "gift gold+gold", "build statue"],
      },
      {
        text: "Spring is over. Ann got **2 soldiers** and **1 VP**; Brian two gold and a \"+2\" token.",
        scene: "season",
        point: ["season:0", "season:1"],
        labels: { "season:0": "2 soldiers, 1 VP" },
        next: true,
      },
    ],
  };
  const $ = (id) => document.getElementById(id);
  const frame = $("driven-board");
  // The board is the site's page two folders up. host= names this page's origin: the board then reads messages
  // from this page only and sends its answers nowhere else.
  const board = new URL("../../", location.href);
  board.search = new URLSearchParams({ embed: "1", host: location.origin }).toString();
  frame.src = board.href;

  const heard = []; // every message of the board, in order (the browser tests read it)
  window.heardFromBoard = heard;
  let next = 1;

  function send(message) {
    const id = next++;
    // An object is fine (the board turns it into JSON text itself); so is JSON text.
    frame.contentWindow.postMessage(typeof message === "string" ? message : { kingsburg: 1, id, ...message }, board.origin);
    note(`→ ${typeof message === "string" ? "a broken message" : `${message.type} #${id}`}`, "sent");
  }

  // Everything from a message is shown as text (textContent), never as HTML.
  function note(text, kind) {
    const item = document.createElement("li");
    item.className = kind;
    item.textContent = text;
    const list = $("heard");
    list.append(item);
    list.scrollTop = list.scrollHeight;
  }

  // The state says everything as data (docs/embedding.md, "The state"): nothing here reads the board's English.
  function show(state) {
    const choices = state.board === "none" ? [] : state.choices;
    const legal = choices.map((choice) => choice.action);
    $("legal").replaceChildren(
      ...choices.map(({ action, words }) => Object.assign(document.createElement("option"), { value: action, label: words })),
    );
    $("legal-text").textContent = choices.length
      ? `Allowed now: ${choices.map(({ action, words }) => `${words} (${action})`).join(" · ")}`
      : "No decision to make now.";
    $("strength").textContent = strengthText(state);
    $("puzzle").textContent = puzzleText(state);
    $("lesson-place").textContent = lessonText(state);
    if (state.board === "none") $("status").textContent = "The board is empty: send it the position.";
    else if (state.over) $("status").textContent = "The game is over.";
    else $("status").textContent = `${state.players[state.to_play]} decides: ${state.decision}. ${state.prompt}`;
    if (legal.length && !legal.includes($("action").value)) $("action").value = legal[0];
  }

  // Each seat's battle strength before the King's soldiers, from its parts, and the enemy as far as it is known.
  function strengthText(state) {
    const strength = state.board === "none" ? null : state.strength;
    if (!strength) return "";
    const { enemy } = strength;
    const foe = enemy.card ? `${enemy.type}, strength ${enemy.strength}` : `strength ${enemy.low}–${enemy.high}`;
    const seats = strength.seats.map(({ seat, strength: total, parts, king }) => {
      const soldiers = parts.find((part) => part.part === "soldiers").value;
      return `${state.players[seat]} ${total} (${soldiers} soldier${soldiers === 1 ? "" : "s"}, ` +
        `${total - soldiers} from buildings) ` +
        `+ ${king.low}–${king.high} from the King`;
    });
    return `Year ${strength.year}'s enemy: ${foe}. ${seats.join("; ")}.`;
  }

  // A puzzle's record, for this page to keep: solved or not, the wrong answers tried, "Show me" asked.
  function puzzleText(state) {
    const puzzle = state.board === "lesson" ? state.lesson.puzzle : null;
    if (!puzzle) return "";
    const tries = `${puzzle.tries} wrong answer${puzzle.tries === 1 ? "" : "s"}`;
    return `Puzzle ${puzzle.solved ? "solved" : "not solved yet"}: ${tries}${puzzle.shown ? ", the answer shown" : ""}.`;
  }

  // Where the reader is in a lesson (and its collection), and what the step points at, as the state says it.
  function lessonText(state) {
    const lesson = state.board === "lesson" ? state.lesson : null;
    if (!lesson) return "";
    const place = lesson.collection
      ? ` (lesson ${lesson.collection.chapter} of ${lesson.collection.chapters} of “${lesson.collection.title}”)`
      : "";
    const step = lesson.finished ? `all ${lesson.total} steps done` : `step ${lesson.step} of ${lesson.total}`;
    const point = lesson.point.length ? `; it points at ${lesson.point.join(", ")}` : "";
    return `Lesson “${lesson.title}”${place}: ${step}${point}.`;
  }

  function describe(m) {
    switch (m.type) {
      case "ready":
        return "ready: the board listens";
      case "reply":
        return `reply to ${m.to} #${m.id}: ${m.state.board === "none" ? "no game" : `${m.state.decisions} decisions made`}`;
      case "error":
        return `error for ${m.to ?? "a message"}${m.id == null ? "" : ` #${m.id}`} (${m.error}): ${m.message}`;
      case "change": {
        const parts = [`change (${m.cause})`];
        if (m.undone) parts.push(`${m.undone} taken back`);
        if (m.actions.length) parts.push(`played ${m.actions.join(", ")}`);
        if (m.log.length) parts.push(`log: ${m.log.join(" ")}`);
        return parts.join(" · ");
      }
      default:
        return `an unknown message: ${m.type}`;
    }
  }

  window.addEventListener("message", (event) => {
    // Only the board's frame, from the board's origin.
    if (event.source !== frame.contentWindow || event.origin !== board.origin) return;
    const m = event.data;
    if (!m || m.kingsburg !== 1) return;
    heard.push(m);
    note(describe(m), m.type);
    if (m.state) show(m.state);
    if (m.type === "ready") {
      for (const button of document.querySelectorAll(".controls button, .controls input")) button.disabled = false;
    }
  });

  $("send-position").addEventListener("click", () => send({ type: "position", position: POSITION, play: true }));
  $("send-puzzle").addEventListener("click", () => send({ type: "lesson", lesson: PUZZLE }));
  $("send-collection").addEventListener("click", () => send({ type: "lesson", collection: COLLECTION, chapter: 1, step: 2 }));
  $("send-season").addEventListener("click", () => send({ type: "lesson", lesson: SEASON, step: 3 }));
  $("undo").addEventListener("click", () => send({ type: "undo" }));
  $("ask-state").addEventListener("click", () => send({ type: "state" }));
  $("send-broken").addEventListener("click", () => send("{not json"));
  $("play-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const action = $("action").value.trim();
    if (action) send({ type: "action", action });
  });
})();
