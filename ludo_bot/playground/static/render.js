// Drawing a message as Discord's client does: Discord's markdown, mentions as @names, files, embeds, components.
"use strict";

const Render = (() => {
  const names = { users: {}, channels: {} };
  const COLOURS = ["#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#57f287"];

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key === "html") node.innerHTML = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) if (child) node.append(child);
    return node;
  }

  function escape(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  function avatar(user) {
    const colour = COLOURS[Number(BigInt(user.id) % BigInt(COLOURS.length))];
    return el("span", { class: "avatar", style: `background:${user.bot ? "#5865f2" : colour}`,
                        text: user.bot ? "🎲" : user.name.slice(0, 1).toUpperCase() });
  }

  // Discord's timestamp styles (<t:unix:style>, `f` when none), in the reader's language as Discord's client shows
  // them; `R` in moment.js's `fromNow` words and thresholds, as Discord's client words it, kept current (`tick`).
  const RELATIVE = [  // [below this many of the unit, the unit's size in seconds, singular, plural]
    [45, 1, "a few seconds", "a few seconds"], [45, 60, "a minute", "minutes"], [22, 3600, "an hour", "hours"],
    [26, 86400, "a day", "days"], [11, 2629746, "a month", "months"], [Infinity, 31556952, "a year", "years"],
  ];

  function relative(seconds, now) {
    const delta = seconds - now / 1000;
    const size = Math.abs(delta);
    let words = "";
    for (const [below, unit, one, many] of RELATIVE) {
      const count = Math.round(size / unit);
      if (unit === 1) { if (count < below) { words = one; break; } continue; }
      if (count <= 1) { words = one; break; }
      if (count < below) { words = `${count} ${many}`; break; }
    }
    return delta >= 0 ? `in ${words}` : `${words} ago`;
  }

  function timestamp(seconds, style = "f", now = Date.now()) {
    const when = new Date(Number(seconds) * 1000);
    const format = (options) => new Intl.DateTimeFormat(undefined, options).format(when).replace(/\u202f/g, " ");
    const time = { hour: "numeric", minute: "2-digit" };
    const parts = {
      t: () => format(time),
      T: () => format({ ...time, second: "2-digit" }),
      d: () => format({ year: "numeric", month: "2-digit", day: "2-digit" }),
      D: () => format({ year: "numeric", month: "long", day: "numeric" }),
      f: () => `${parts.D()} ${parts.t()}`,
      F: () => `${format({ weekday: "long", year: "numeric", month: "long", day: "numeric" })} ${parts.t()}`,
      s: () => `${parts.d()} ${parts.t()}`,
      S: () => `${parts.d()} ${parts.T()}`,
      R: () => relative(Number(seconds), now),
    };
    return (parts[style] || parts.f)();
  }

  function timestampTag(seconds, style) {
    return `<span class="timestamp" data-seconds="${seconds}" data-style="${style || "f"}" title="${escape(timestamp(seconds, "F"))}">${escape(timestamp(seconds, style || "f"))}</span>`;
  }

  // Relative times read as Discord's client keeps them: current as time passes.
  function tick(root = document) {
    for (const node of root.querySelectorAll(".timestamp[data-style='R']")) {
      const text = timestamp(node.dataset.seconds, "R");
      if (node.textContent !== text) node.textContent = text;
    }
  }
  setInterval(tick, 1000);

  // Inline markdown as Discord's client reads it (its parser is simple-markdown's): at each position the first rule
  // whose pattern matches there, else plain text up to the next character that could start one.
  const userName = (id) => escape(names.users[id]?.name || "unknown-user");
  const INLINE = [
    [/^\\([^0-9A-Za-z\s])/, (m) => escape(m[1])],
    [/^(`+)([\s\S]*?[^`])\1(?!`)/, (m) => `<code>${escape(m[2])}</code>`],
    [/^<@!?(\d+)>/, (m) => `<span class="mention">@${userName(m[1])}</span>`],
    [/^<@&(\d+)>/, () => '<span class="mention">@role</span>'],
    [/^<#(\d+)>/, (m) => channelMention(m[1])],
    [/^<t:(-?\d+)(?::([tTdDfFsSR]))?>/, (m) => timestampTag(m[1], m[2])],
    [/^<a?:(\w+):\d+>/, (m) => `<span class="emoji">:${escape(m[1])}:</span>`],
    [/^<\/([\w -]+):\d+>/, (m) => `<span class="mention">/${escape(m[1])}</span>`],
    [/^<(https?:\/\/[^\s>]+)>/, (m) => link(m[1], escape(m[1]))],
    [/^\[((?:\\[\s\S]|[^\\\]\[])+)\]\(<?(https?:\/\/[^\s)>]+)>?\)/, (m) => link(m[2], inline(m[1]))],
    [/^https?:\/\/[^\s<]+[^<.,:;"')\]\s]/, (m) => link(m[0], escape(m[0]))],
    [/^\*\*([\s\S]+?)\*\*(?!\*)/, (m) => `<strong>${inline(m[1])}</strong>`],
    [/^__([\s\S]+?)__(?!_)/, (m) => `<u>${inline(m[1])}</u>`],
    [/^\*(?=\S)((?:\*\*|\\[\s\S]|\s+(?:\\[\s\S]|[^\s*\\]|\*\*)|[^\s*\\])+?)\*(?!\*)/, (m) => `<em>${inline(m[1])}</em>`],
    [/^_((?:__|\\[\s\S]|[^\\_])+?)_(?![A-Za-z0-9_])/, (m, before) => /\w/.test(before) ? null : `<em>${inline(m[1])}</em>`],
    [/^~~([\s\S]+?)~~/, (m) => `<s>${inline(m[1])}</s>`],
    [/^\|\|([\s\S]+?)\|\|/, (m) => `<span class="spoiler">${inline(m[1])}</span>`],
  ];
  const PLAIN = /^[\s\S]+?(?=[\\`<[*_~|]|https?:\/\/|$)/;

  // A channel or thread mention, as Discord's client shows it: its name, a link that opens it (`data-channel`: the
  // page follows it); one the reader cannot see is "#unknown".
  function channelMention(id) {
    const channel = names.channels[id];
    if (!channel) return '<span class="mention">#unknown</span>';
    return `<a class="mention channel-mention" href="#" role="link" data-channel="${escape(id)}" ` +
      `data-testid="channel-mention">${channel.thread ? "🧵 " : "#"}${escape(channel.name)}</a>`;
  }

  function link(url, html) {
    return `<a href="${escape(url)}" target="_blank" rel="noopener">${html}</a>`;
  }

  function inline(text) {
    let html = "";
    let rest = text;
    while (rest) {
      let done = false;
      for (const [pattern, render] of INLINE) {
        const m = rest.match(pattern);
        const out = m && render(m, text.slice(0, text.length - rest.length).slice(-1));
        if (out !== null && out !== undefined && m) {
          html += out;
          rest = rest.slice(m[0].length);
          done = true;
          break;
        }
      }
      if (done) continue;
      const plain = rest.match(PLAIN)?.[0] || rest[0];
      html += escape(plain);
      rest = rest.slice(plain.length);
    }
    return html;
  }

  // Block markdown of text without code blocks: headings, subtext, lists, block quotes (`>` per line, `>>>` for the
  // rest of the message; not nested), each a block element; the other lines inline, joined by their line breaks.
  function blocks(text, quoted = false) {
    const lines = text.split("\n");
    const out = [];  // [html, is a block]
    const add = (html, block) => out.push([html, block]);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      let m;
      if (!quoted && (m = line.match(/^>>> ?([\s\S]*)$/))) {
        add(`<blockquote>${blocks([m[1], ...lines.slice(i + 1)].join("\n"), true)}</blockquote>`, true);
        break;
      }
      if (!quoted && /^> |^>$/.test(line)) {
        const quote = [];
        for (; i < lines.length && /^> |^>$/.test(lines[i]); i++) quote.push(lines[i].slice(2));
        i -= 1;
        add(`<blockquote>${blocks(quote.join("\n"), true)}</blockquote>`, true);
      } else if ((m = line.match(/^(#{1,3}) +(\S.*)$/))) {
        add(`<h${m[1].length}>${inline(m[2])}</h${m[1].length}>`, true);
      } else if ((m = line.match(/^-# +(\S.*)$/))) {
        add(`<div class="subtext">${inline(m[1])}</div>`, true);
      } else if (/^ *(?:[-*]|\d{1,9}\.) +\S/.test(line)) {
        const items = [];  // (a list of the other kind, at its first item's indent, is a list of its own)
        const kind = (item) => /\d/.test(item[2]);
        for (; i < lines.length && (m = lines[i].match(/^( *)([-*]|\d{1,9}\.) +(\S.*)$/)); i++) {
          if (items.length && m[1].length <= items[0][1].length && kind(m) !== kind(items[0])) break;
          items.push(m);
        }
        i -= 1;
        add(list(items), true);
      } else {
        add(inline(line), false);
      }
    }
    return out.map(([html, block], i) => (i > 0 && !block && !out[i - 1][1] ? "\n" : "") + html).join("");
  }

  function list(items) {  // consecutive list lines; two more spaces of indent: a nested list
    const ordered = /\d/.test(items[0][2]);
    const start = ordered ? ` start="${parseInt(items[0][2], 10)}"` : "";
    let html = "";
    for (let i = 0; i < items.length; i++) {
      const indent = items[0][1].length;
      const nested = [];
      while (i + 1 < items.length && items[i + 1][1].length >= indent + 2) nested.push(items[++i]);
      html += `<li>${inline(items[i - nested.length][3])}${nested.length ? list(nested) : ""}</li>`;
    }
    return ordered ? `<ol${start}>${html}</ol>` : `<ul>${html}</ul>`;
  }

  // A message's markdown: code blocks (```lang\n...```, shown as written) first, then the blocks between them.
  const CODE_BLOCK = /```(?:([a-z0-9_+\-.#]+?)\n)?\n*([^\n][\s\S]*?)\n*```/gi;

  function markdown(source) {
    const text = source || "";
    let html = "";
    let last = 0;
    for (const m of text.matchAll(CODE_BLOCK)) {
      html += blocks(text.slice(last, m.index).replace(/\n$/, ""));
      html += `<pre class="codeblock"><code>${escape(m[2])}</code></pre>`;
      last = m.index + m[0].length;
      if (text[last] === "\n") last += 1;
    }
    return html + (last < text.length || !html ? blocks(text.slice(last)) : "");
  }

  function buttonOf(component, message, act) {
    const label = [component.emoji?.name, component.label].filter(Boolean).join(" ");
    if (component.style === 5) {
      return el("a", { class: "btn style-5", href: component.url, target: "_blank", rel: "noopener", text: label });
    }
    return el("button", {
      class: `btn style-${component.style || 2}`, type: "button", disabled: Boolean(component.disabled),
      "data-custom-id": component.custom_id, "data-message": message.id, "data-testid": "button", text: label,
      onclick: (event) => act.click(message, component, event.currentTarget),
    });
  }

  function selectOf(component, message, act, members) {
    const options = component.type === 3
      ? component.options.map((o) => ({ value: o.value, label: [o.emoji?.name, o.label].filter(Boolean).join(" ") }))
      : component.type === 5 ? members.map((m) => ({ value: m.id, label: m.name })) : [];
    const select = el("select", { class: "select", disabled: Boolean(component.disabled),
                                  "data-custom-id": component.custom_id, "data-testid": "select" },
      el("option", { value: "", text: component.placeholder || "Make a selection" }));
    for (const o of options) select.append(el("option", { value: o.value, text: o.label }));
    select.addEventListener("change", () => select.value && act.select(message, component, [select.value]));
    return select;
  }

  function components(list, message, act, members) {
    const out = [];
    for (const c of list || []) {
      if (c.type === 1) out.push(el("div", { class: "row" }, ...components(c.components, message, act, members)));
      else if (c.type === 2) out.push(buttonOf(c, message, act));
      else if ([3, 5, 6, 7, 8].includes(c.type)) out.push(selectOf(c, message, act, members));
      else if (c.type === 10) out.push(el("div", { class: "content", html: markdown(c.content) }));
      else if (c.components) out.push(el("div", {}, ...components(c.components, message, act, members)));
    }
    return out;
  }

  function embedOf(embed, files) {
    const box = el("div", { class: "embed", style: embed.color ? `border-left-color:#${embed.color.toString(16).padStart(6, "0")}` : null });
    if (embed.author?.name) box.append(el("div", { class: "field-name", text: embed.author.name }));
    if (embed.title) box.append(el("div", { class: "title", html: inline(embed.title) }));
    if (embed.description) box.append(el("div", { class: "content", html: markdown(embed.description) }));
    if (embed.fields?.length) {
      box.append(el("div", { class: "fields" }, ...embed.fields.map((f) => el("div", { class: f.inline ? "field" : "field block" },
        el("div", { class: "field-name", html: inline(f.name) }), el("div", { class: "content", html: markdown(f.value) })))));
    }
    for (const key of ["image", "thumbnail"]) {
      const url = embed[key]?.url;
      if (url) box.append(el("img", { src: url.startsWith("attachment://") ? files[url.slice(13)]?.url : url, alt: key }));
    }
    if (embed.footer?.text) box.append(el("div", { class: "footer", text: embed.footer.text }));
    return box;
  }

  function attachmentOf(file) {
    const image = (file.content_type || "").startsWith("image/") || /\.(png|gif|jpe?g|webp)$/i.test(file.filename);
    if (image) {
      return el("img", { src: file.url, alt: file.description || file.filename, width: file.width, height: file.height,
                         "data-testid": "picture", loading: "lazy" });
    }
    return el("a", { class: "file", href: file.url, download: file.filename, text: `📎 ${file.filename} (${file.size} bytes)` });
  }

  // One message's element; `act` holds click(message, component, node), select(...), openThread(id), dismiss(id).
  function message(m, viewer, act, members) {
    const files = Object.fromEntries(m.attachments.map((a) => [a.filename, a]));
    const inEmbeds = new Set(m.embeds.flatMap((e) => [e.image?.url, e.thumbnail?.url])
      .filter((u) => u && u.startsWith("attachment://")).map((u) => u.slice(13)));
    const mentionsMe = new RegExp(`<@!?${viewer.id}>`).test(m.content);
    const body = el("div", { class: "body" },
      el("div", { class: "meta" }, el("span", { class: "author", text: m.author.name }),
        m.author.bot ? el("span", { class: "bot-tag", text: "APP" }) : null,
        el("span", { class: "time", text: new Date(m.timestamp).toLocaleTimeString() }),
        m.edited ? el("span", { class: "edited", text: "(edited)" }) : null));
    if (m.loading) body.append(el("div", { class: "thinking", text: `${m.author.name} is thinking…` }));
    if (m.content) body.append(el("div", { class: "content", "data-testid": "content", html: markdown(m.content) }));
    for (const embed of m.embeds) body.append(embedOf(embed, files));
    const shown = m.attachments.filter((a) => !inEmbeds.has(a.filename));
    if (shown.length) body.append(el("div", { class: "attachments" }, ...shown.map(attachmentOf)));
    if (m.components.length) body.append(el("div", { class: "components" }, ...components(m.components, m, act, members)));
    if (m.thread) {
      body.append(el("button", { class: "thread-link", type: "button", "data-testid": "thread",
                                 text: `🧵 ${m.thread.name} · ${m.thread.count} message${m.thread.count === 1 ? "" : "s"}`,
                                 onclick: () => act.openThread(m.thread.id) }));
    }
    if (m.ephemeral) {
      body.append(el("div", { class: "only-you", "data-testid": "only-you" }, "👁 Only you can see this · ",
        el("a", { text: "Dismiss message", onclick: () => act.dismiss(m.id) })));
    }
    const used = m.interaction?.command
      ? el("div", { class: "used", text: `↱ ${m.interaction.user.name} used ${m.interaction.command}` }) : null;
    const node = el("article", {
      class: `message${m.ephemeral ? " ephemeral" : ""}${mentionsMe ? " mentions-me" : ""}`,
      "data-id": m.id, "data-rev": m.rev, "data-testid": "message", "data-ephemeral": m.ephemeral ? "1" : null,
    }, used, el("div", { class: "line" }, avatar(m.author), body));
    node.addEventListener("click", (event) => event.target.classList?.contains("spoiler") && event.target.classList.add("shown"));
    return node;
  }

  return { names, el, markdown, message, avatar, timestamp, tick };
})();
