// Tether's status page: keeps the server-rendered tables live. The server pushes the markup of
// <main> as server-sent events ("page"); it is already escaped there, parsed here as an inert
// document (nothing in it runs) and swapped in. Reconnect buttons post without leaving the page.
// Without this script the page still shows every table, as of its last load.
"use strict";

(function () {
  const main = document.getElementById("status");
  const live = document.getElementById("live");
  const csrf = document.body.dataset.csrf || "";

  function say(text, state) {
    live.textContent = text;
    live.dataset.state = state;
  }

  function fillTokens() {
    for (const input of main.querySelectorAll('form.reconnect input[name="csrf"]')) input.value = csrf;
  }

  // A swap replaces every button: one between a press and its release would eat the click, so a swap
  // that comes while the pointer is down waits until just after the click; one that changes nothing is skipped.
  let shown = null;
  let pending = null;
  let pressed = false;

  function swap(markup) {
    if (markup === shown) return;
    if (pressed) {
      pending = markup;
      return;
    }
    shown = markup;
    const open = new Set([...main.querySelectorAll("details[open]")].map((d) => d.id));
    const parsed = new DOMParser().parseFromString("<main>" + markup + "</main>", "text/html");
    main.replaceChildren(...parsed.body.firstElementChild.childNodes);
    for (const details of main.querySelectorAll("details")) {
      if (open.has(details.id)) details.open = true;
    }
    fillTokens();
    say("live, updated " + new Date().toLocaleTimeString(), "live");
  }

  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.classList.contains("reconnect")) return;
    event.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    button.textContent = "Reconnecting…";
    try {
      const response = await fetch(form.action, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Accept": "application/json", "X-CSRF-Token": csrf },
        body: new URLSearchParams(new FormData(form)),
      });
      button.textContent = response.ok ? "Reconnecting…" : "Refused (" + response.status + ")";
    } catch (e) {
      button.textContent = "Failed: " + e.message;
    }
  });

  document.addEventListener("pointerdown", () => { pressed = true; }, true);
  const release = () => {
    pressed = false;
    if (pending !== null) {
      const markup = pending;
      pending = null;
      setTimeout(() => swap(markup), 0); // after the click that this release completes
    }
  };
  document.addEventListener("pointerup", release, true);
  document.addEventListener("pointercancel", release, true);

  const events = new EventSource("/events");
  events.addEventListener("page", (event) => swap(event.data));
  events.addEventListener("open", () => say("live", "live"));
  events.addEventListener("error", () => {
    if (events.readyState === EventSource.CLOSED) {
      say("not live: this page's server has stopped; run /status in your editor for a new link", "stopped");
    } else {
      say("reconnecting…", "waiting");
    }
  });
})();
