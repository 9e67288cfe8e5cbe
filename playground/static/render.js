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

  function timestamp(seconds, style) {
    const when = new Date(Number(seconds) * 1000);
    if (style === "R") {
      const delta = Math.round((when - Date.now()) / 1000);
      const units = [[86400, "day"], [3600, "hour"], [60, "minute"], [1, "second"]];
      const [size, unit] = units.find(([s]) => Math.abs(delta) >= s) || [1, "second"];
      return new Intl.RelativeTimeFormat("en", { numeric: "auto" }).format(Math.round(delta / size), unit);
    }
    if (style === "d" || style === "D") return when.toLocaleDateString();
    if (style === "t" || style === "T") return when.toLocaleTimeString();
    return when.toLocaleString();
  }

  // Inline markdown of one line, on text already HTML-escaped; code spans are kept apart from the rest.
  function inline(text) {
    const codes = [];
    text = text.replace(/`([^`]+)`/g, (_, code) => `\u0000${codes.push(code) - 1}\u0000`);
    text = text
      .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention">@${escape(names.users[id]?.name || "unknown-user")}</span>`)
      .replace(/&lt;@&amp;(\d+)&gt;/g, '<span class="mention">@role</span>')
      .replace(/&lt;#(\d+)&gt;/g, (_, id) => `<span class="mention">#${escape(names.channels[id] || "unknown")}</span>`)
      .replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, s, style) => `<code>${escape(timestamp(s, style))}</code>`)
      .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2" target="_blank" rel="noopener">$1</a>')
      .replace(/\*\*\*(.+?)\*\*\*/g, "<strong><em>$1</em></strong>")
      .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
      .replace(/__(.+?)__/g, "<u>$1</u>")
      .replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g, "$1<em>$2</em>")
      .replace(/(^|\W)_(?!\s)(.+?)_(?!\w)/g, "$1<em>$2</em>")
      .replace(/~~(.+?)~~/g, "<s>$1</s>")
      .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler">$1</span>');
    return text.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
  }

  function markdown(source) {
    const lines = escape(source || "").split("\n").map((line) => {
      let m;
      if ((m = line.match(/^(#{1,3}) (.*)$/))) return `<h${m[1].length}>${inline(m[2])}</h${m[1].length}>`;
      if ((m = line.match(/^-# (.*)$/))) return `<span class="subtext">${inline(m[1])}</span>`;
      if ((m = line.match(/^&gt; (.*)$/))) return `<blockquote>${inline(m[1])}</blockquote>`;
      return inline(line);
    });
    return lines.join("\n").replace(/<\/(h\d|blockquote)>\n/g, "</$1>");
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
    if (embed.title) box.append(el("div", { class: "title", html: inline(escape(embed.title)) }));
    if (embed.description) box.append(el("div", { class: "content", html: markdown(embed.description) }));
    if (embed.fields?.length) {
      box.append(el("div", { class: "fields" }, ...embed.fields.map((f) => el("div", { class: f.inline ? "field" : "field block" },
        el("div", { class: "field-name", html: inline(escape(f.name)) }), el("div", { class: "content", html: markdown(f.value) })))));
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

  return { names, el, markdown, message, avatar };
})();
