/* kg graph view. Everything the graph says reaches the screen through textContent or the
   canvas: never innerHTML, so names, titles and abstracts show literally, whatever they hold. */
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("kg-data").textContent);
  /* kg sends the graph compact (kg/viz/render.py, network_data): nodes and links as columns,
     colours as numbers in a palette, strings that nodes repeat as numbers in a table, a node's
     details packed in an array. Unfolded here into what the drawers and this script read; a
     node's details only when first asked for (a tooltip, the panel, a search). */
  function text(value) { return typeof value === "number" ? data.strings[value] : value; }
  function unpack(p) {
    return {
      heading: p[0], kind: text(p[1]),
      fields: p[2].map(function (f) { return [text(f[0]), text(f[1])]; }),
      items_title: text(p[3]),
      items: p[4].map(function (i) {
        return { name: text(i[0]), note: text(i[1]), quote: i.length > 2 ? text(i[2]) : "" };
      }),
      abstract: p[5]
    };
  }
  var byId = new Map();
  data.nodes = (function (c) {
    return c.id.map(function (id, i) {
      var color = data.palette[c.c[i]];
      var n = { id: id, label: c.label[i], x: c.x[i], y: c.y[i], size: c.size[i],
                color: { background: color[0], border: color[1] }, kind: text(c.kind[i]),
                tracks: c.tracks[i].map(text), borderWidth: c.center[i] ? 4 : 1,
                labelZoom: c.labelZoom[i], years: c.years[i] };
      var packed = c.info[i], info = null;
      Object.defineProperty(n, "info", {
        enumerable: true,
        get: function () { return info || (info = unpack(packed)); }
      });
      byId.set(id, n);
      return n;
    });
  })(data.nodes);
  data.edges = (function (c) {
    var edges = new Array(c.from.length);
    for (var i = 0; i < edges.length; i++) {
      edges[i] = { from: data.nodes[c.from[i]].id, to: data.nodes[c.to[i]].id, width: c.width[i],
                   weight: c.weight[i], title: c.title ? c.title[i] : "" };
    }
    return edges;
  })(data.edges);

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  /* A node's summary as DOM: for the hover tooltip (compact) and the details panel (full). */
  function infoElement(info, full) {
    var box = el("div", full ? "info full" : "info");
    var head = el("div", "info-head");
    head.appendChild(el("span", "badge badge-" + info.kind, info.kind));
    head.appendChild(el("strong", "info-title", info.heading));
    box.appendChild(head);
    if (info.fields.length) {
      var dl = el("dl");
      info.fields.forEach(function (pair) {
        dl.appendChild(el("dt", null, pair[0]));
        dl.appendChild(el("dd", null, pair[1]));
      });
      box.appendChild(dl);
    }
    if (info.items.length) {
      box.appendChild(el("div", "items-title", info.items_title));
      var ul = el("ul", "items");
      var items = full ? info.items : info.items.slice(0, 4);
      items.forEach(function (item) {
        var li = el("li");
        li.appendChild(el("span", "item-name", item.name));
        if (item.note) li.appendChild(el("span", "item-note", " · " + item.note));
        if (item.quote) li.appendChild(el("q", "item-quote", item.quote));
        ul.appendChild(li);
      });
      if (!full && info.items.length > items.length) {
        ul.appendChild(el("li", "item-note", "… more in the details panel (click)"));
      }
      box.appendChild(ul);
    }
    if (info.abstract) {
      box.appendChild(el("div", "items-title", "Abstract"));
      box.appendChild(el("p", "abstract", info.abstract));
    }
    return box;
  }

  function textTitle(text) {
    var box = el("div", "info edge-info");
    String(text).split("\n").forEach(function (line) { box.appendChild(el("div", null, line)); });
    return box;
  }

  var container = document.getElementById("graph");
  var state = { ready: false, selected: null, data: data, lit: null, labelsDrawn: 0 };
  window.kgView = state;

  /* --- names (state.labelsDrawn counts those on screen): LABEL_PX high, each once the zoom reaches its labelZoom (kg computed it
     so that it covers no more important name), so more appear as you zoom in; the groups' names
     at their centres while the picture is far out. Both drawers call this on a 2D context in
     screen pixels; where(n) is a node's screen position and radius, or null when not shown. --- */
  var FONT = "Inter, Segoe UI, Helvetica, Arial, sans-serif";
  var byImportance = data.nodes.filter(function (n) { return n.label; })
    .sort(function (a, b) { return a.labelZoom - b.labelZoom; });
  function drawLabels(ctx, scale, where, toScreen) {
    ctx.textAlign = "center";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#ffffff";
    var drawn = 0;
    var boxes = [];  /* the groups' names drawn: a node's name under one is left out … */
    var named = new Set();  /* … and so is a group's lead's, which the group's name says */
    if (!state.lit) {
      ctx.textBaseline = "middle";
      ctx.lineWidth = 5;
      data.clusters.forEach(function (c) {
        if (c.fromZoom > scale || c.untilZoom < scale) return;
        var at = toScreen(c.x, c.y);
        ctx.font = "600 " + (data.labelPx + 4) + "px " + FONT;
        ctx.fillStyle = c.ink;
        var half = ctx.measureText(c.label).width / 2 + 4;
        boxes.push([at.x - half, at.y - data.labelPx, at.x + half, at.y + data.labelPx]);
        named.add(c.label);
        ctx.strokeText(c.label, at.x, at.y);
        ctx.fillText(c.label, at.x, at.y);
        drawn += 1;
      });
    }
    ctx.font = data.labelPx + "px " + FONT;
    ctx.textBaseline = "top";
    ctx.lineWidth = 3;
    ctx.fillStyle = "#1f2328";
    var near = state.lit && state.selected;
    for (var i = 0; i < byImportance.length; i++) {
      var n = byImportance[i];
      /* a selection's neighbours are named whatever the zoom */
      if (n.labelZoom > scale && !near) break;
      if (state.lit && !state.lit.has(n.id)) continue;
      var at = where(n);
      if (!at || named.has(n.label) || covered(boxes, at.x, at.y + at.r + 3, n.label.length * data.labelPx * 0.29)) {
        continue;
      }
      ctx.strokeText(n.label, at.x, at.y + at.r + 3);
      ctx.fillText(n.label, at.x, at.y + at.r + 3);
      drawn += 1;
    }
    return drawn;
  }

  function covered(boxes, x, top, half) {
    for (var i = 0; i < boxes.length; i++) {
      var b = boxes[i];
      if (x + half > b[0] && x - half < b[2] && top + data.labelPx > b[1] && top < b[3]) {
        return true;
      }
    }
    return false;
  }

  var draw = window.kgDraw(container, data, state, {
    tooltip: function (n) { return infoElement(n.info, false); },
    edgeTooltip: function (e) { return textTitle(e.title); },
    drawLabels: drawLabels
  });
  state.draw = draw;
  state.network = draw.network;  /* vis-network pages only */

  /* --- the notice when --max-nodes cut the view ----------------------------------------------- */
  var notice = document.getElementById("notice");
  if (data.notice) {
    notice.appendChild(el("span", null, data.notice));
    var close = el("button", "close", "\u00d7");
    close.type = "button";
    close.title = "Hide this message";
    close.setAttribute("aria-label", "Hide this message");
    close.addEventListener("click", function () { notice.hidden = true; });
    notice.appendChild(close);
    notice.hidden = false;
  }

  /* --- details panel -------------------------------------------------------------------------- */
  var details = document.getElementById("details-body");
  var detailsHint = details.firstElementChild;
  var LINKED = 12;  /* neighbours listed in the panel, most joint papers first */
  function showDetails(id) {
    if (!id || !byId.has(id)) { details.replaceChildren(detailsHint); return; }
    var box = infoElement(byId.get(id).info, true);
    var linked = (links.get(id) || []).slice().sort(function (a, b) {
      return b.weight - a.weight || byId.get(b.id).size - byId.get(a.id).size;
    });
    if (linked.length) {
      var what = data.view === "coauthors" ? "Co-authors here (joint papers)" : "Linked here";
      box.appendChild(el("div", "items-title", what + " · + lights theirs too"));
      var ul = el("ul", "items linked");
      linked.slice(0, LINKED).forEach(function (link) {
        var other = byId.get(link.id);
        var li = el("li");
        var go = el("button", "link", other.info.heading);
        go.type = "button";
        go.title = "Select " + other.info.heading;
        go.addEventListener("click", function () { select(link.id); });
        li.appendChild(go);
        if (data.view === "coauthors" || data.view === "topics") {
          li.appendChild(el("span", "item-note", " · " + link.weight));
        }
        var more = el("button", "expand", "+");
        more.type = "button";
        more.title = "Also light " + other.info.heading + "'s neighbours";
        more.setAttribute("aria-label", more.title);
        more.addEventListener("click", function () { expand(link.id); });
        li.appendChild(more);
        ul.appendChild(li);
      });
      if (linked.length > LINKED) {
        ul.appendChild(el("li", "item-note", "… and " + (linked.length - LINKED) + " more, lit"));
      }
      box.appendChild(ul);
    }
    details.replaceChildren(box);
  }

  /* --- selection: the node, its neighbours and their links stay; the rest is dimmed ---------- */
  var links = new Map();  /* id -> [{id, weight}] */
  data.edges.forEach(function (e) {
    if (!links.has(e.from)) links.set(e.from, []);
    if (!links.has(e.to)) links.set(e.to, []);
    links.get(e.from).push({ id: e.to, weight: e.weight });
    links.get(e.to).push({ id: e.from, weight: e.weight });
  });
  /* Light up `ids` (a Set) and dim everything else; null lights everything. */
  function light(ids) {
    state.lit = ids;
    draw.light(ids);
  }
  function around(id) {
    return new Set([id].concat((links.get(id) || []).map(function (l) { return l.id; })));
  }
  /* Add a node's neighbours to what is lit (the selection stays), and show them all. */
  function expand(id) {
    var ids = new Set(state.lit || [state.selected]);
    around(id).forEach(function (other) { ids.add(other); });
    light(ids);
    draw.fit(Array.from(ids));
  }
  state.expand = expand;
  function remember(id) {
    var hash = id ? "#" + encodeURIComponent(id) : "";
    if (location.hash !== hash && location.hash !== "#export") {
      history.replaceState(null, "", hash || location.pathname + location.search);
    }
  }

  /* Select a node: light it and its neighbours, describe it, and (animate !== false) move the
     view onto it once; the view is not locked on it, so it stays where it lands. */
  function select(id, animate) {
    var n = byId.get(id);
    if (!n) return false;
    if (hidden.has(id)) resetFilters();
    draw.select(id);
    light(around(id));
    draw.focus(id, animate);
    state.selected = id;
    showDetails(id);
    remember(id);
    return true;
  }
  function unselect() {
    draw.unselect();
    state.selected = null;
    light(null);
    showDetails(null);
    remember(null);
  }
  state.select = select;
  state.unselect = unselect;

  draw.onClick(function (id) {
    if (id) {
      state.selected = id;
      light(around(id));
      showDetails(id);
      remember(id);
    } else {
      unselect();
    }
  });

  /* --- navigation: zoom, and back to the whole picture ---------------------------------------- */
  function overview() {
    unselect();
    legendPick(null);
    draw.fit(null);
  }
  document.getElementById("zoom-in").addEventListener("click", function () { draw.zoomBy(1.5); });
  document.getElementById("zoom-out").addEventListener("click", function () { draw.zoomBy(1 / 1.5); });
  document.getElementById("overview").addEventListener("click", overview);
  state.overview = overview;

  /* --- search: names first, then titles and abstracts; busiest first; accents and case ignored */
  var search = document.getElementById("search");
  var names = document.getElementById("names");
  var status = document.getElementById("search-status");
  function fold(text) {
    return String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/\s+/g, " ").trim();
  }
  /* built on first use: folding every name, title and abstract is not needed to draw */
  var index = null;
  var byName = new Map();
  function searchIndex() {
    if (index) return index;
    index = data.nodes.map(function (n) {
      var title = n.info.fields.filter(function (f) { return f[0] === "Title"; })
        .map(function (f) { return f[1]; }).join(" ");
      return { node: n, name: fold(n.info.heading), text: fold(title + " " + n.info.abstract) };
    }).sort(function (a, b) {
      return b.node.size - a.node.size || a.name.localeCompare(b.name);
    });
    index.forEach(function (entry) {
      if (!byName.has(entry.name)) byName.set(entry.name, entry.node.id);
    });
    return index;
  }
  /* Suggestions: the SUGGEST busiest names with a word starting with what is typed, then names
     containing it (nothing typed: the busiest of all) — a few, not one option per node. */
  var SUGGEST = 20;
  var suggested = null;
  function suggest() {
    var q = fold(search.value);
    if (q === suggested) return;
    suggested = q;
    var starts = [], inside = [];
    var entries = searchIndex();
    for (var i = 0; i < entries.length && starts.length < SUGGEST; i++) {
      var at = entries[i].name.indexOf(q);
      if (at === 0 || (at > 0 && entries[i].name.charAt(at - 1) === " ")) starts.push(entries[i]);
      else if (at > 0 && inside.length < SUGGEST) inside.push(entries[i]);
    }
    names.replaceChildren.apply(names, starts.concat(inside).slice(0, SUGGEST).map(function (entry) {
      var option = document.createElement("option");
      option.value = entry.node.info.heading;
      if (data.view !== "coauthors") option.label = entry.node.kind;
      return option;
    }));
  }
  search.addEventListener("focus", suggest);

  /* The best match: an exact name; else a name with a word starting with the query; else a name
     containing it; else a title or abstract containing it — within each, the node with most
     papers. */
  function find(query) {
    var q = fold(query);
    if (!q) return null;
    var entries = searchIndex();
    if (byName.has(q)) return byName.get(q);
    var tiers = [null, null, null];
    for (var i = 0; i < entries.length; i++) {
      var entry = entries[i];
      var at = entry.name.indexOf(q);
      if (at === 0 || (at > 0 && entry.name.charAt(at - 1) === " ")) return entry.node.id;
      if (at > 0 && tiers[0] === null) tiers[0] = entry.node.id;
      else if (tiers[1] === null && entry.text.indexOf(q) >= 0) tiers[1] = entry.node.id;
    }
    return tiers[0] || tiers[1];
  }
  state.find = find;
  function runSearch(exactOnly) {
    var q = search.value.trim();
    if (!q) { status.textContent = ""; return; }
    searchIndex();
    var id = exactOnly ? byName.get(fold(q)) : find(q);
    if (id) {
      if (id !== state.selected) select(id);
      status.textContent = "";
    } else if (!exactOnly) {
      status.textContent = "no match";
    }
  }
  /* A suggestion picked or a whole name typed selects at once; Enter takes the best match. One
     event each, so one animation. */
  search.addEventListener("input", function () { runSearch(true); suggest(); });
  document.getElementById("search-form").addEventListener("submit", function (ev) {
    ev.preventDefault();
    runSearch(false);
  });

  /* --- filters: node type (legend checkboxes) and track --------------------------------------- */
  var trackFilter = document.getElementById("track-filter");
  data.tracks.forEach(function (t) {
    var option = el("option", null, t);
    option.value = t;
    trackFilter.appendChild(option);
  });
  if (!data.tracks.length) document.getElementById("track-filter").disabled = true;

  var typeBoxes = [];
  var hidden = new Set();
  var typeFilter = document.getElementById("type-filter");
  var kinds = data.legend.filter(function (i) { return i.kind; });
  if (kinds.length > 1) {
    typeFilter.appendChild(el("div", "filter-label", "Node types"));
    kinds.forEach(function (item) {
      var label = el("label", "type-option");
      var box = document.createElement("input");
      box.type = "checkbox";
      box.checked = true;
      box.value = item.kind;
      box.addEventListener("change", applyFilters);
      typeBoxes.push(box);
      label.appendChild(box);
      var dot = el("span", "dot");
      dot.style.backgroundColor = item.color;
      label.appendChild(dot);
      label.appendChild(el("span", null, item.label + " (" + item.count + ")"));
      typeFilter.appendChild(label);
    });
  }

  /* years: a node stays if one of its papers is from the range */
  var yearFrom = document.getElementById("year-from");
  var yearTo = document.getElementById("year-to");
  var allYears = [];
  data.nodes.forEach(function (n) { allYears.push.apply(allYears, n.years); });
  var firstYear = Math.min.apply(null, allYears.concat([Infinity]));
  var lastYear = Math.max.apply(null, allYears.concat([-Infinity]));
  if (firstYear < lastYear) {
    [yearFrom, yearTo].forEach(function (input) {
      input.min = firstYear;
      input.max = lastYear;
      input.addEventListener("input", function () {
        if (+yearFrom.value > +yearTo.value) {
          (input === yearFrom ? yearTo : yearFrom).value = input.value;
        }
        applyFilters();
      });
    });
    yearFrom.value = firstYear;
    yearTo.value = lastYear;
    document.getElementById("year-filter").hidden = false;
  }
  function yearsShown() {
    if (!(firstYear < lastYear)) return null;
    var from = +yearFrom.value, to = +yearTo.value;
    document.getElementById("year-range").textContent = from === to ? from : from + "–" + to;
    return from === firstYear && to === lastYear ? null : [from, to];
  }
  state.setYears = function (from, to) {
    yearFrom.value = from;
    yearTo.value = to;
    applyFilters();
  };

  function applyFilters() {
    var track = trackFilter.value;
    var years = yearsShown();
    var shown = {};
    typeBoxes.forEach(function (b) { shown[b.value] = b.checked; });
    hidden = new Set();
    data.nodes.forEach(function (n) {
      var ok = (typeBoxes.length === 0 || shown[n.kind] !== false) &&
               (!track || n.tracks.indexOf(track) >= 0) &&
               (!years || n.years.some(function (y) { return y >= years[0] && y <= years[1]; }));
      if (!ok) hidden.add(n.id);
    });
    var visible = data.nodes.length - hidden.size;
    state.hidden = hidden;
    draw.setHidden(hidden);
    state.visible = visible;
    document.getElementById("reset").disabled = visible === data.nodes.length;
  }
  function resetFilters() {
    trackFilter.value = "";
    if (firstYear < lastYear) { yearFrom.value = firstYear; yearTo.value = lastYear; }
    typeBoxes.forEach(function (b) { b.checked = true; });
    applyFilters();
  }
  state.applyFilters = applyFilters;
  trackFilter.addEventListener("change", function () {
    applyFilters();
    if (state.ready) {
      draw.fit(data.nodes.filter(function (n) { return !hidden.has(n.id); })
        .map(function (n) { return n.id; }));
    }
  });
  document.getElementById("reset").addEventListener("click", function () {
    resetFilters();
    draw.fit(null);
  });
  applyFilters();

  /* --- legend: click an entry to light its nodes (a group, or a node type); again to clear ---- */
  document.getElementById("legend-title").textContent = data.legendTitle;
  var legend = document.getElementById("legend-items");
  var legendRows = [];
  function legendPick(item) {
    state.legendPick = item;
    legendRows.forEach(function (row) {
      row.li.classList.toggle("picked", row.item === item);
      row.button.setAttribute("aria-pressed", row.item === item ? "true" : "false");
    });
    if (!item) { if (!state.selected) light(null); return; }
    draw.unselect();
    state.selected = null;
    var ids = new Set(data.nodes.filter(function (n) {
      return item.kind ? n.kind === item.kind : n.color.background === item.color;
    }).map(function (n) { return n.id; }));
    light(ids);
    draw.fit(Array.from(ids));
  }
  state.legendPick = null;
  state.pickLegend = function (i) { legendPick(data.legend[i] || null); };
  data.legend.forEach(function (item) {
    var li = el("li");
    var button = el("button", "legend-entry");
    button.type = "button";
    button.setAttribute("aria-pressed", "false");
    button.title = "Show these nodes (click again for all)";
    var dot = el("span", "dot");
    dot.style.backgroundColor = item.color;
    button.appendChild(dot);
    button.appendChild(el("span", "legend-label", item.label));
    button.appendChild(el("span", "legend-count", item.count));
    button.addEventListener("click", function () {
      legendPick(state.legendPick === item ? null : item);
    });
    li.appendChild(button);
    legend.appendChild(li);
    legendRows.push({ li: li, button: button, item: item });
  });

  /* --- layout: computed by kg in Python and shipped with the nodes; physics is off, so the page
     draws once and holds still. --------------------------------------------------------------- */
  var loading = document.getElementById("loading");
  function ready() {
    loading.hidden = true;
    /* The centre of an ego view stands out by its ring and size; selecting it would darken
       every edge it has, so it is only described. */
    if (data.focus && byId.has(data.focus)) showDetails(data.focus);
    var kept = decodeURIComponent(location.hash.slice(1));
    if (kept && byId.has(kept)) select(kept, false);
    state.ready = true;
    state.readyAt = performance.now();  /* ms from opening the page, on the browser's clock */
    document.body.setAttribute("data-ready", "true");
  }
  if (!data.nodes.length) {
    loading.hidden = true;
    container.appendChild(el("p", "empty", "Nothing to show."));
    ready();
  } else {
    draw.whenDrawn(ready);
  }

  /* --- static export: positions and styles for an SVG drawn outside the browser --------------- */
  state.snapshot = function () {
    var scale = draw.scale();
    var nodes = data.nodes.filter(function (n) { return !hidden.has(n.id); })
      .map(function (n) {
        var shown = n.labelZoom <= scale || n.id === state.selected;
        return { id: n.id, label: shown ? n.label : "", x: n.x, y: n.y, r: n.size,
                 color: n.color.background, border: n.color.border,
                 center: !!n.borderWidth && n.borderWidth > 1, fontSize: data.labelPx / scale };
      });
    var ids = new Set(nodes.map(function (n) { return n.id; }));
    var edges = data.edges.filter(function (e) { return ids.has(e.from) && ids.has(e.to); })
      .map(function (e) { return { from: e.from, to: e.to, width: e.width,
                                   arrow: !!(e.arrows && e.arrows.to && e.arrows.to.enabled) }; });
    return { title: data.title, nodes: nodes, edges: edges, legend: data.legend,
             legendTitle: data.legendTitle };
  };

  if (location.hash === "#export") document.body.classList.add("export");
})();
