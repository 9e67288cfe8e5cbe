// The page: who acts, which channel is shown (kept up to date by a long poll), the command box, and the actions,
// which the server hands to the Discord stand-in as Discord's client would send them.
"use strict";

const $ = (selector) => document.querySelector(selector);
const page = {
  world: null, member: null, channel: null, digest: "", poll: 0, commands: [], chosen: null, active: 0,
  dismissed: new Set(), seenFailures: new Set(), seenViolations: new Set(), nodes: new Map(), channels: [],
  seen: {},  // member id -> channel id -> the newest message id they saw there (what Discord calls read)
};

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// A red notice for a few seconds; one `about` the command box goes as soon as the command is fixed or sent.
function notice(text, about = null) {
  const node = Render.el("div", { class: "notice", "data-testid": "notice", "data-about": about, text });
  $("#notices").append(node);
  setTimeout(() => node.remove(), 6000);
}

function clearNotices(about) {
  for (const node of $("#notices").querySelectorAll(`[data-about="${about}"]`)) node.remove();
}

// -- actions ---------------------------------------------------------------------------------------------------

const act = {
  async click(message, component, node) {
    node.classList.add("pending");
    try { await api("/api/click", { member: page.member.id, message: message.id, custom_id: component.custom_id }); }
    catch (error) { node.classList.remove("pending"); notice(error.message); }
  },
  async select(message, component, values) {
    try { await api("/api/select", { member: page.member.id, message: message.id, custom_id: component.custom_id, values }); }
    catch (error) { notice(error.message); }
  },
  openThread(id) { showChannel(id); },
  dismiss(id) { page.dismissed.add(id); page.nodes.get(id)?.remove(); page.nodes.delete(id); },
};

// -- members and channels --------------------------------------------------------------------------------------

function actAs(member) { page.member = member; openDrawer(false); drawMembers(); restart(); }

// The members twice: the list in the sidebar, each with a badge for a mention they have not seen (in any channel),
// and on a phone (where the sidebar is a drawer) a row of avatars at the top, so that switching seats stays one tap
// away; there the one whose turn it is in the channel shown is marked (the unseen mentions elsewhere stay in the
// drawer, behind the ☰'s dot: on every avatar they would hide whose turn it is).
function drawMembers() {
  const chosen = (m) => ({ role: "radio", "aria-checked": m.id === page.member.id ? "true" : "false",
                           "data-member": m.username, type: "button", onclick: () => actAs(m) });
  const badge = (m) => page.channels.some((c) => unread(m.id, c))
    ? Render.el("span", { class: "badge", "data-testid": "mentioned", text: "@" }) : null;
  $("#member-list").replaceChildren(...page.world.members.map((m) => Render.el("button", {
    ...chosen(m), class: `member${m.id === page.member.id ? " selected" : ""}`, "data-testid": "member",
  }, Render.avatar(m), Render.el("span", { class: "member-name" }, Render.el("span", { text: m.name }),
       m.manages ? Render.el("span", { class: "manages", "data-testid": "manages", text: "manages the server" }) : null),
     badge(m))));
  const called = page.channels.find((c) => c.id === page.channel)?.called || [];
  $("#member-switch").replaceChildren(...page.world.members.map((m) => {
    const turn = called.includes(m.id);
    const label = `Act as ${m.name}${turn ? ` (${m.name}'s turn)` : ""}`;
    return Render.el("button", {
      ...chosen(m), class: `switch${m.id === page.member.id ? " selected" : ""}${turn ? " turn" : ""}`,
      "data-testid": "switch-member", title: label, "aria-label": label,
    }, Render.avatar(m), turn ? Render.el("span", { class: "turn-mark", "data-testid": "turn", text: "▶" }) : null);
  }));
}

// A mention of a member in a channel they have not looked at since (as that member): a badge on the channel and on
// the member, as Discord's client badges unread mentions; a table's turn waiting in another thread shows this way.
function unread(memberId, channel) {
  const newest = channel.pings?.[memberId];
  if (!newest) return false;
  if (memberId === page.member.id && channel.id === page.channel) return false;  // (being read now)
  return BigInt(newest) > BigInt(page.seen[memberId]?.[channel.id] || 0);
}

function markRead(messages) {
  const mine = (page.seen[page.member.id] ||= {});
  for (const m of messages) {
    if (BigInt(m.id) > BigInt(mine[page.channel] || 0)) mine[page.channel] = m.id;
  }
}

// -- the phone view: the channel as Discord's mobile client shows it (?view=phone; the default on a narrow screen) --

function setView(phone, remember = true) {
  document.documentElement.classList.toggle("phone", phone);
  const toggle = $("#view-toggle");
  toggle.textContent = phone ? "🖥" : "📱 Phone";
  toggle.title = phone ? "Desktop view" : "Phone view: the channel as Discord's mobile client shows it";
  toggle.setAttribute("aria-label", toggle.title);
  if (!phone) openDrawer(false);
  if (remember) {
    const url = new URL(location.href);
    url.searchParams.set("view", phone ? "phone" : "desktop");
    history.replaceState(null, "", url);
  }
}

function openDrawer(open) {
  document.documentElement.classList.toggle("drawer", open);
  $("#drawer-toggle").setAttribute("aria-expanded", open ? "true" : "false");
}

function drawChannels(channels) {
  page.channels = channels;
  for (const c of channels) Render.names.channels[c.id] = c;
  $("#channels").replaceChildren(...channels.map((c) => Render.el("button", {
    class: `channel${c.thread ? " thread" : ""}${c.id === page.channel ? " selected" : ""}`, type: "button",
    "data-testid": "channel", "data-channel": c.id, onclick: () => showChannel(c.id),
  }, Render.el("span", { class: "channel-name", text: `${c.thread ? "🧵" : c.group ? "👥" : "#"} ${c.name}` }),
     unread(page.member.id, c) ? Render.el("span", { class: "badge", "data-testid": "mentioned", text: "@" }) : null)));
  $("#drawer-toggle").classList.toggle("unread", channels.some((c) => unread(page.member.id, c)));
}

// The header: the channel's name; in a thread, its channel before it, a way back as in Discord's thread view.
function drawHeader(channel) {
  $("#channel-name").textContent = channel.name;
  $(".hash").textContent = channel.thread ? "🧵" : channel.group ? "👥" : "#";
  const parent = channel.thread ? page.channels.find((c) => c.id === channel.parent) : null;
  const back = $("#parent-channel");
  back.hidden = !parent;
  if (parent) {
    back.querySelector(".parent-name").textContent = `# ${parent.name}`;
    back.title = `Back to #${parent.name}`;
    back.setAttribute("aria-label", back.title);
    back.onclick = () => showChannel(parent.id);
  }
}

function showChannel(id) { page.channel = id; openDrawer(false); restart(); }

// -- the channel, kept up to date -------------------------------------------------------------------------------

function drawMessages(messages) {
  const box = $("#messages");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  const keep = new Map();
  for (const m of messages) {
    if (page.dismissed.has(m.id)) continue;
    const key = JSON.stringify(m);
    const old = page.nodes.get(m.id);
    const node = old && old.dataset.key === key ? old : Render.message(m, page.member, act, page.world.members);
    if (old && old !== node) old.replaceWith(node);
    node.dataset.key = key;
    keep.set(m.id, node);
  }
  for (const [id, node] of page.nodes) if (!keep.has(id)) node.remove();
  let previous = null;
  for (const node of keep.values()) {  // in order, moving only what is out of place
    const expected = previous ? previous.nextSibling : box.firstChild;
    if (expected !== node) box.insertBefore(node, expected);
    previous = node;
  }
  page.nodes = keep;
  if (atBottom) box.scrollTop = box.scrollHeight;
}

function drawStatus(state) {
  const waiting = state.interactions.filter((i) => i.status === "waiting");
  $("#status").textContent = waiting.length ? `ludo-bot is answering ${waiting[0].what}…` : "";
  document.body.dataset.busy = waiting.length ? "1" : "";
  for (const i of state.interactions) {
    if (i.status === "failed" && !page.seenFailures.has(i.id)) {
      page.seenFailures.add(i.id);
      notice(`This interaction failed (${i.what}): the bot did not answer within 3 seconds`);
    }
  }
  for (const v of state.violations) {  // a bug of the bot: what Discord itself would have refused
    if (!page.seenViolations.has(v)) { page.seenViolations.add(v); notice(`Discord would have refused: ${v.slice(0, 300)}`); }
  }
}

async function restart() {
  page.poll += 1;
  page.digest = "";
  page.nodes.forEach((node) => node.remove());
  page.nodes = new Map();
  follow(page.poll);
}

async function follow(poll) {
  while (poll === page.poll) {
    try {
      const query = new URLSearchParams({ channel: page.channel, member: page.member.id, digest: page.digest });
      const state = await api(`/api/state?${query}`);
      if (poll !== page.poll) return;
      page.digest = state.digest;
      drawChannels(state.channels);
      drawHeader(state.channel);
      drawMessages(state.messages);
      markRead(state.messages);
      drawMembers();
      drawStatus(state);
      document.body.dataset.ready = "1";
    } catch (error) {
      $("#status").textContent = `the playground is not answering (${error.message})`;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

// -- the command box --------------------------------------------------------------------------------------------

const nameOf = (c) => `/${[c.command, ...c.path].join(" ")}`;

function suggest() {
  const text = $("#command-input").value.trim().toLowerCase();
  const box = $("#suggestions");
  if (page.chosen || !text.startsWith("/")) { box.hidden = true; return; }
  const found = page.world.commands.filter((c) => nameOf(c).startsWith(text) || text.startsWith(nameOf(c)));
  page.active = Math.min(page.active, Math.max(0, found.length - 1));
  box.replaceChildren(...found.map((c, i) => Render.el("button", {
    class: `suggestion${i === page.active ? " active" : ""}`, type: "button", "data-testid": "suggestion",
    "data-command": nameOf(c), onclick: () => choose(c),
  }, Render.el("strong", { text: nameOf(c) }), Render.el("span", { class: "description", text: c.description }))));
  box.hidden = found.length === 0;
  page.suggested = found;
}

function field(option) {
  const label = (control) => Render.el("label", { class: `option${option.required ? " required" : ""}`, title: option.description },
    Render.el("span", { text: option.name }), control);
  const attrs = { name: option.name, "data-option": option.name, "data-testid": "option" };
  let choices = option.choices?.map((c) => [String(c.value), c.name]);
  if (option.type === 5) choices = [["true", "True"], ["false", "False"]];
  if (option.type === 6 || option.type === 9) choices = page.world.members.map((m) => [m.id, m.name]);
  if (choices) {
    return label(Render.el("select", attrs, Render.el("option", { value: "", text: "—" }),
      ...choices.map(([value, text]) => Render.el("option", { value, text }))));
  }
  const numeric = option.type === 4 || option.type === 10;
  return label(Render.el("input", { ...attrs, type: numeric ? "number" : "text", min: option.min_value,
    max: option.max_value, step: option.type === 4 ? "1" : "any", placeholder: option.description }));
}

function choose(command) {
  page.chosen = command;
  $("#command-input").value = `${nameOf(command)} `;
  $("#suggestions").hidden = true;
  const box = $("#options");
  box.replaceChildren(...command.options.map(field));
  box.hidden = command.options.length === 0;
  $("#command-input").focus();
}

function unchoose() {
  page.chosen = null;
  $("#options").hidden = true;
  $("#options").replaceChildren();
}

function clearCommand() {
  clearNotices("command");
  unchoose();
  $("#command-input").value = "";
  suggest();
}

// What Discord's client says itself, sending nothing, about a command's options: a required one left empty, a
// number out of its range. (The page's server checks them too, in the same words, for a request not of the page's
// making; the form's own checks are off, so that the notice says it, as it says every refusal.)
function unsendable(command) {
  const fields = new Map([...$("#options").querySelectorAll("[data-option]")].map((f) => [f.dataset.option, f]));
  const missing = command.options.filter((o) => o.required && !fields.get(o.name)?.value.trim()).map((o) => o.name);
  if (missing.length) return `missing: ${missing.join(", ")}`;
  for (const option of command.options) {
    const input = fields.get(option.name);
    if (!input || input.type !== "number") continue;
    const { badInput, rangeOverflow, rangeUnderflow, stepMismatch } = input.validity;
    if (rangeOverflow || rangeUnderflow) return `${option.name}: between ${option.min_value} and ${option.max_value}`;
    if (badInput || stepMismatch) return `${option.name}: '${input.value}' is not a valid value`;
  }
  return null;
}

async function send(event) {
  event.preventDefault();
  if (!page.chosen) {
    const text = $("#command-input").value.trim();
    const exact = page.world.commands.find((c) => nameOf(c) === text) || (page.suggested || [])[page.active];
    if (exact) choose(exact);
    return;
  }
  const options = {};
  for (const input of $("#options").querySelectorAll("[data-option]")) options[input.dataset.option] = input.value;
  const unfit = unsendable(page.chosen);
  if (unfit) { notice(unfit, "command"); return; }
  try {
    await api("/api/command", { member: page.member.id, channel: page.channel, command: page.chosen.command,
                                 path: page.chosen.path, options });
    clearCommand();
  } catch (error) { notice(error.message, "command"); }
}

function keys(event) {
  const found = page.suggested || [];
  if (event.key === "Escape") clearCommand();
  else if (!page.chosen && (event.key === "ArrowDown" || event.key === "ArrowUp") && found.length) {
    page.active = (page.active + (event.key === "ArrowDown" ? 1 : found.length - 1)) % found.length;
    event.preventDefault();
    suggest();
  } else if (!page.chosen && event.key === "Tab" && found.length) {
    event.preventDefault();
    choose(found[page.active]);
  }
}

// -- start --------------------------------------------------------------------------------------------------------

async function main() {
  const view = new URLSearchParams(location.search).get("view");
  setView(view ? view === "phone" : matchMedia("(max-width: 600px)").matches, false);
  page.world = await api("/api/world");
  Object.assign(Render.names.users, page.world.users);
  $("#guild-name").textContent = page.world.guild.name;
  page.member = page.world.members[0];
  page.channel = page.world.channel;
  const input = $("#command-input");
  $("#view-toggle").addEventListener("click", () => setView(!document.documentElement.classList.contains("phone")));
  $("#drawer-toggle").addEventListener("click", () => openDrawer(!document.documentElement.classList.contains("drawer")));
  $("#scrim").addEventListener("click", () => openDrawer(false));
  $("#slash").addEventListener("click", () => {  // (a touch screen's way to the command picker)
    clearCommand();
    input.value = "/";
    suggest();
    input.focus();
  });
  input.addEventListener("input", () => {
    if (page.chosen && !input.value.startsWith(nameOf(page.chosen))) unchoose();
    page.active = 0;
    suggest();
  });
  input.addEventListener("keydown", keys);
  $("#composer").addEventListener("submit", send);
  $("#options").addEventListener("input", () => clearNotices("command"));  // (what it said is being fixed)
  $("#messages").addEventListener("click", (event) => {  // a channel's or a thread's mention opens it
    const link = event.target.closest?.("[data-channel]");
    if (!link) return;
    event.preventDefault();
    showChannel(link.dataset.channel);
  });
  drawMembers();
  restart();
}

main();
