/* kg graph view. Everything the graph says reaches the screen through textContent or the
   canvas: never innerHTML, so names, titles and abstracts show literally, whatever they hold. */
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("kg-data").textContent);
  var byId = new Map();
  data.nodes.forEach(function (n) { byId.set(n.id, n); });

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

  var visNodes = new vis.DataSet(data.nodes.map(function (n) {
    var copy = Object.assign({}, n);
    delete copy.info;
    delete copy.tracks;
    delete copy.kind;
    delete copy.label;  /* drawn by drawLabels below, by importance */
    delete copy.labelZoom;
    copy.title = infoElement(n.info, false);
    return copy;
  }));
  var visEdges = new vis.DataSet(data.edges.map(function (e, i) {
    var copy = Object.assign({ id: "e" + i }, e);
    delete copy.kind;
    copy.title = textTitle(e.title);
    return copy;
  }));

  var container = document.getElementById("graph");
  var network = new vis.Network(container, { nodes: visNodes, edges: visEdges }, data.options);
  var state = { network: network, ready: false, selected: null, data: data };
  window.kgView = state;

  /* --- labels: a fixed size on screen, each drawn once the zoom reaches its labelZoom (kg
     computed it so that it covers no more important label), so more appear as you zoom in --- */
  var FONT = "Inter, Segoe UI, Helvetica, Arial, sans-serif";
  var byImportance = data.nodes.filter(function (n) { return n.label; })
    .sort(function (a, b) { return a.labelZoom - b.labelZoom; });
  function drawLabels(ctx) {
    var scale = network.getScale();
    var px = data.labelPx / scale;
    var topLeft = network.DOMtoCanvas({ x: 0, y: 0 });
    var bottomRight = network.DOMtoCanvas({ x: container.clientWidth, y: container.clientHeight });
    ctx.save();
    ctx.font = px + "px " + FONT;
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    ctx.lineJoin = "round";
    ctx.lineWidth = 3 / scale;
    ctx.strokeStyle = "#ffffff";
    ctx.fillStyle = "#1f2328";
    var drawn = 0;
    byImportance.forEach(function (n) {
      if (state.lit && !state.lit.has(n.id)) return;
      /* a selection's neighbours are named whatever the zoom */
      var must = n.id === state.selected || (state.lit && state.selected);
      if (!must && n.labelZoom > scale) return;
      var body = network.body.nodes[n.id];
      if (!body || body.options.hidden) return;
      if (body.x < topLeft.x || body.x > bottomRight.x || body.y < topLeft.y ||
          body.y > bottomRight.y) return;
      var y = body.y + body.options.size + 3 / scale;
      ctx.strokeText(n.label, body.x, y);
      ctx.fillText(n.label, body.x, y);
      drawn += 1;
    });
    ctx.restore();
    state.labelsDrawn = drawn;
  }
  network.on("afterDrawing", drawLabels);

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
  function showDetails(id) {
    details.replaceChildren(id && byId.has(id) ? infoElement(byId.get(id).info, true) : detailsHint);
  }

  /* --- selection: the node, its neighbours and their links stay; the rest is dimmed ---------- */
  var DIM = { background: "#eceef1", border: "#dfe3e8" };
  var DIM_EDGE = { color: "#eceef1", highlight: "#eceef1", hover: "#eceef1", opacity: 0.5 };
  var neighbours = new Map();
  data.edges.forEach(function (e) {
    if (!neighbours.has(e.from)) neighbours.set(e.from, []);
    if (!neighbours.has(e.to)) neighbours.set(e.to, []);
    neighbours.get(e.from).push(e.to);
    neighbours.get(e.to).push(e.from);
  });
  /* Light up `ids` (a Set) and dim everything else; null lights everything. */
  function light(ids) {
    state.lit = ids;
    visNodes.update(data.nodes.map(function (n) {
      return { id: n.id, color: !ids || ids.has(n.id) ? n.color : DIM };
    }));
    visEdges.update(data.edges.map(function (e, i) {
      var on = !ids || (ids.has(e.from) && ids.has(e.to));
      return { id: "e" + i, color: on ? data.options.edges.color : DIM_EDGE };
    }));
  }
  function around(id) {
    return new Set([id].concat(neighbours.get(id) || []));
  }
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
    if (visNodes.get(id).hidden) resetFilters();
    network.selectNodes([id]);
    light(around(id));
    network.focus(id, { scale: Math.max(network.getScale(), 1.1), locked: false,
                        animation: animate === false ? false : { duration: 450 } });
    state.selected = id;
    showDetails(id);
    remember(id);
    return true;
  }
  function unselect() {
    network.unselectAll();
    state.selected = null;
    light(null);
    showDetails(null);
    remember(null);
  }
  state.select = select;
  state.unselect = unselect;

  network.on("click", function (params) {
    if (params.nodes.length) {
      var id = params.nodes[0];
      state.selected = id;
      light(around(id));
      showDetails(id);
      remember(id);
    } else if (!params.edges.length) {
      unselect();
    }
  });

  /* --- navigation: zoom, and back to the whole picture ---------------------------------------- */
  function overview() {
    unselect();
    legendPick(null);
    network.fit({ animation: { duration: 400 } });
  }
  function zoomBy(factor) {
    network.moveTo({ scale: network.getScale() * factor, animation: { duration: 250 } });
  }
  document.getElementById("zoom-in").addEventListener("click", function () { zoomBy(1.5); });
  document.getElementById("zoom-out").addEventListener("click", function () { zoomBy(1 / 1.5); });
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
  var index = data.nodes.map(function (n) {
    var title = n.info.fields.filter(function (f) { return f[0] === "Title"; })
      .map(function (f) { return f[1]; }).join(" ");
    return { node: n, name: fold(n.info.heading), text: fold(title + " " + n.info.abstract) };
  }).sort(function (a, b) {
    return b.node.size - a.node.size || a.name.localeCompare(b.name);
  });
  var byName = new Map();
  index.forEach(function (entry) {
    if (!byName.has(entry.name)) byName.set(entry.name, entry.node.id);
    var option = document.createElement("option");
    option.value = entry.node.info.heading;
    if (data.view !== "coauthors") option.label = entry.node.kind;
    names.appendChild(option);
  });

  /* The best match: an exact name; else a name with a word starting with the query; else a name
     containing it; else a title or abstract containing it — within each, the node with most
     papers. */
  function find(query) {
    var q = fold(query);
    if (!q) return null;
    if (byName.has(q)) return byName.get(q);
    var tiers = [null, null, null];
    for (var i = 0; i < index.length; i++) {
      var entry = index[i];
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
  search.addEventListener("input", function () { runSearch(true); });
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

  function applyFilters() {
    var track = trackFilter.value;
    var shown = {};
    typeBoxes.forEach(function (b) { shown[b.value] = b.checked; });
    var updates = [];
    var visible = 0;
    data.nodes.forEach(function (n) {
      var ok = (typeBoxes.length === 0 || shown[n.kind] !== false) &&
               (!track || n.tracks.indexOf(track) >= 0);
      if (ok) visible += 1;
      updates.push({ id: n.id, hidden: !ok });
    });
    visNodes.update(updates);
    state.visible = visible;
    document.getElementById("reset").disabled = visible === data.nodes.length;
  }
  function resetFilters() {
    trackFilter.value = "";
    typeBoxes.forEach(function (b) { b.checked = true; });
    applyFilters();
  }
  state.applyFilters = applyFilters;
  trackFilter.addEventListener("change", function () {
    applyFilters();
    if (state.ready) network.fit({ nodes: visNodes.getIds({ filter: function (n) { return !n.hidden; } }),
                                   animation: { duration: 400 } });
  });
  document.getElementById("reset").addEventListener("click", function () {
    resetFilters();
    network.fit({ animation: { duration: 400 } });
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
    network.unselectAll();
    state.selected = null;
    var ids = new Set(data.nodes.filter(function (n) {
      return item.kind ? n.kind === item.kind : n.color.background === item.color;
    }).map(function (n) { return n.id; }));
    light(ids);
    network.fit({ nodes: Array.from(ids), animation: { duration: 400 } });
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
    document.body.setAttribute("data-ready", "true");
  }
  if (!data.nodes.length) {
    loading.hidden = true;
    container.appendChild(el("p", "empty", "Nothing to show."));
    ready();
  } else {
    network.fit({ animation: false });
    network.once("afterDrawing", ready);
    network.redraw();
  }

  /* --- static export: positions and styles for an SVG drawn outside the browser --------------- */
  state.snapshot = function () {
    var positions = network.getPositions();
    var nodes = data.nodes.filter(function (n) { return !visNodes.get(n.id).hidden; })
      .map(function (n) {
        var body = network.body.nodes[n.id];
        var shown = n.labelZoom <= network.getScale() || n.id === state.selected;
        return { id: n.id, label: shown ? n.label : "", x: positions[n.id].x,
                 y: positions[n.id].y, r: body.options.size, color: n.color.background,
                 border: n.color.border, center: !!n.borderWidth && n.borderWidth > 1,
                 fontSize: data.labelPx / network.getScale() };
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
