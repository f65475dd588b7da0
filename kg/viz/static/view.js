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

  /* --- layout: stabilize once, then stop the physics so a big graph holds still --------------- */
  var loading = document.getElementById("loading");
  var progress = document.getElementById("progress");
  function ready() {
    if (state.ready) return;
    network.setOptions({ physics: { enabled: false } });
    loading.hidden = true;
    network.fit({ animation: false });
    /* The centre of an ego view stands out by its ring and size; selecting it would darken
       every edge it has, so it is only described. */
    if (data.focus && byId.has(data.focus)) showDetails(data.focus);
    network.once("afterDrawing", function () {
      state.ready = true;
      document.body.setAttribute("data-ready", "true");
    });
    network.redraw();
  }
  network.on("stabilizationProgress", function (p) {
    progress.textContent = Math.round((100 * p.iterations) / p.total) + "%";
  });
  network.once("stabilizationIterationsDone", ready);
  if (!data.nodes.length) {
    loading.hidden = true;
    container.appendChild(el("p", "empty", "Nothing to show."));
    state.ready = true;
    document.body.setAttribute("data-ready", "true");
  } else {
    /* Stabilization runs at once on a new network; if it finished before the listener was set,
       fall back after a short wait. */
    setTimeout(function () { if (!state.ready) ready(); }, 15000);
  }

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

  function select(id, animate) {
    var n = byId.get(id);
    if (!n) return false;
    if (visNodes.get(id).hidden) resetFilters();
    network.selectNodes([id]);
    network.focus(id, { scale: Math.max(network.getScale(), 1.1),
                        animation: animate === false ? false : { duration: 450 } });
    state.selected = id;
    showDetails(id);
    return true;
  }
  state.select = select;

  network.on("click", function (params) {
    if (params.nodes.length) {
      state.selected = params.nodes[0];
      showDetails(params.nodes[0]);
    } else if (!params.edges.length) {
      state.selected = null;
      showDetails(null);
    }
  });

  /* --- search --------------------------------------------------------------------------------- */
  var search = document.getElementById("search");
  var names = document.getElementById("names");
  var status = document.getElementById("search-status");
  var byName = new Map();
  var sorted = data.nodes.slice().sort(function (a, b) {
    return b.value - a.value || a.label.localeCompare(b.label);
  });
  sorted.forEach(function (n) {
    var full = n.info.heading;
    var key = full.toLowerCase();
    if (!byName.has(key)) byName.set(key, n.id);
    var option = document.createElement("option");
    option.value = full;
    if (n.kind !== sorted[0].kind || data.view !== "coauthors") option.label = n.kind;
    names.appendChild(option);
  });

  function find(query) {
    var q = query.trim().toLowerCase();
    if (!q) return null;
    if (byName.has(q)) return byName.get(q);
    var best = null;
    sorted.some(function (n) {
      var name = n.info.heading.toLowerCase();
      if (name.startsWith(q)) { best = n.id; return true; }
      if (best === null && name.indexOf(q) >= 0) best = n.id;
      return false;
    });
    return best;
  }
  function runSearch(exactOnly) {
    var q = search.value.trim();
    if (!q) { status.textContent = ""; return; }
    var id = exactOnly ? byName.get(q.toLowerCase()) : find(q);
    if (id) {
      select(id);
      status.textContent = "";
    } else if (!exactOnly) {
      status.textContent = "no match";
    }
  }
  search.addEventListener("input", function () { runSearch(true); });
  search.addEventListener("change", function () { runSearch(false); });
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

  /* --- legend --------------------------------------------------------------------------------- */
  document.getElementById("legend-title").textContent = data.legendTitle;
  var legend = document.getElementById("legend-items");
  data.legend.forEach(function (item) {
    var li = el("li");
    var dot = el("span", "dot");
    dot.style.backgroundColor = item.color;
    li.appendChild(dot);
    li.appendChild(el("span", "legend-label", item.label));
    li.appendChild(el("span", "legend-count", item.count));
    legend.appendChild(li);
  });

  /* --- static export: positions and styles for an SVG drawn outside the browser --------------- */
  state.snapshot = function () {
    var positions = network.getPositions();
    var nodes = data.nodes.filter(function (n) { return !visNodes.get(n.id).hidden; })
      .map(function (n) {
        var body = network.body.nodes[n.id];
        return { id: n.id, label: n.label, x: positions[n.id].x, y: positions[n.id].y,
                 r: body.shape.radius || body.options.size, color: n.color.background,
                 border: n.color.border, center: !!n.borderWidth && n.borderWidth > 1,
                 fontSize: body.options.font.size };
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
