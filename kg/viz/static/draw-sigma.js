/* kg graph view: drawing with sigma.js on WebGL, for whole graphs (tens of thousands of nodes and
   links). The same drawer as draw-vis.js (window.kgDraw); kg's positions are used as they are
   (y flipped: sigma's y axis points up), sizes are in the layout's units so nodes keep the
   spacing kg computed, and names are drawn by view.js on a canvas above sigma's. */
(function () {
  "use strict";

  var DIM = "#eceef1";
  var EDGE = "#c3cad3";
  var EDGE_LIT = "#59636e";
  var TIP_GAP = 14;
  /* Links are drawn once the camera is this close (sigma's ratio: 1 = the whole graph), or when
     lit: far out, 40,000 links are one grey haze over the groups and cost a software renderer
     seconds a frame. */
  var LINKS_FROM_RATIO = 0.4;
  var HAZE = 5000;  /* links, from which they wait for the zoom */

  window.kgDraw = function (container, data, state, ui) {
    var graph = new graphology.Graph({ type: "undirected", multi: false, allowSelfLoops: false });
    data.nodes.forEach(function (n) {
      graph.addNode(n.id, { x: n.x, y: -n.y, size: n.size, color: n.color.background,
                            label: null });
    });
    data.edges.forEach(function (e, i) {
      if (!graph.hasEdge(e.from, e.to)) {
        graph.addEdgeWithKey("e" + i, e.from, e.to, { size: Math.max(0.5, e.width / 2),
                                                      color: EDGE });
      }
    });

    var hidden = new Set();
    var selected = null;
    var haze = data.edges.length >= HAZE;
    var far = haze;
    var renderer = new Sigma(graph, container, {
      itemSizesReference: "positions",
      zoomToSizeRatioFunction: function (ratio) { return ratio; },
      renderLabels: false,
      renderEdgeLabels: false,
      enableEdgeEvents: false,
      hideEdgesOnMove: data.edges.length > 20000,
      minEdgeThickness: 0.6,
      stagePadding: 20,
      minCameraRatio: 0.002,
      maxCameraRatio: 4,
      defaultDrawNodeHover: function () {},
      nodeReducer: function (id, attrs) {
        if (hidden.has(id)) return Object.assign({}, attrs, { hidden: true });
        if (state.lit && !state.lit.has(id)) {
          return Object.assign({}, attrs, { color: DIM, zIndex: 0 });
        }
        if (id === selected) return Object.assign({}, attrs, { zIndex: 2 });
        return attrs;
      },
      edgeReducer: function (id, attrs) {
        var ends = graph.extremities(id);
        if (hidden.has(ends[0]) || hidden.has(ends[1])) {
          return Object.assign({}, attrs, { hidden: true });
        }
        if (state.lit) {
          var on = state.lit.has(ends[0]) && state.lit.has(ends[1]);
          if (!on && far) return Object.assign({}, attrs, { hidden: true });
          return Object.assign({}, attrs, { color: on ? EDGE_LIT : DIM, zIndex: on ? 1 : 0 });
        }
        return far ? Object.assign({}, attrs, { hidden: true }) : attrs;
      },
      zIndex: true,
      /* 1-pixel lines: a software renderer (headless Chromium, or no GPU) draws 40,000 in a
         frame; sigma's default rectangles take seconds there */
      edgeProgramClasses: { line: Sigma.rendering.EdgeLineProgram }
    });
    var camera = renderer.getCamera();
    camera.on("updated", function (view) {
      if (haze && (view.ratio > LINKS_FROM_RATIO) !== far) {
        far = !far;
        renderer.refresh({ skipIndexation: true });
      }
    });

    /* names above the WebGL canvases, in screen pixels */
    var overlay = document.createElement("canvas");
    overlay.className = "kg-labels";
    overlay.style.position = "absolute";
    overlay.style.inset = "0";
    overlay.style.pointerEvents = "none";
    container.appendChild(overlay);
    function scale() {
      var a = renderer.graphToViewport({ x: 0, y: 0 });
      var b = renderer.graphToViewport({ x: 1000, y: 0 });
      return (b.x - a.x) / 1000;
    }
    function toScreen(x, y) { return renderer.graphToViewport({ x: x, y: -y }); }
    renderer.on("afterRender", function () {
      var ratio = window.devicePixelRatio || 1;
      var w = container.clientWidth, h = container.clientHeight;
      if (overlay.width !== w * ratio || overlay.height !== h * ratio) {
        overlay.width = w * ratio;
        overlay.height = h * ratio;
        overlay.style.width = w + "px";
        overlay.style.height = h + "px";
      }
      var ctx = overlay.getContext("2d");
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.clearRect(0, 0, w, h);
      var s = scale();
      state.labelsDrawn = ui.drawLabels(ctx, s, function (n) {
        if (hidden.has(n.id)) return null;
        var at = toScreen(n.x, n.y);
        if (at.x < 0 || at.x > w || at.y < 0 || at.y > h) return null;
        return { x: at.x, y: at.y, r: n.size * s };
      }, toScreen);
    });

    /* hover: the node's summary next to the pointer */
    var tip = document.createElement("div");
    tip.className = "kg-tip";
    tip.hidden = true;
    container.appendChild(tip);
    var byId = new Map();
    data.nodes.forEach(function (n) { byId.set(n.id, n); });
    renderer.on("enterNode", function (event) {
      var at = renderer.graphToViewport(graph.getNodeAttributes(event.node));
      tip.replaceChildren(ui.tooltip(byId.get(event.node)));
      tip.style.left = Math.min(at.x + TIP_GAP, container.clientWidth - 320) + "px";
      tip.style.top = Math.max(at.y + TIP_GAP, 0) + "px";
      tip.hidden = false;
      container.style.cursor = "pointer";
    });
    renderer.on("leaveNode", function () { tip.hidden = true; container.style.cursor = ""; });

    /* the camera's state that shows the bounding box of ids (kg coordinates) */
    function frame(ids) {
      var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      ids.forEach(function (id) {
        var d = renderer.getNodeDisplayData(id);
        if (!d) return;
        x0 = Math.min(x0, d.x); x1 = Math.max(x1, d.x);
        y0 = Math.min(y0, d.y); y1 = Math.max(y1, d.y);
      });
      if (x0 === Infinity) return { x: 0.5, y: 0.5, ratio: 1, angle: 0 };
      var span = Math.max(x1 - x0, y1 - y0) * 1.15;
      return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, ratio: Math.min(1, Math.max(span, 0.01)),
               angle: 0 };
    }

    var r = { network: null, kind: "sigma", renderer: renderer, graph: graph };
    r.light = function () { renderer.refresh({ skipIndexation: true }); };
    r.select = function (id) { selected = id; };
    r.unselect = function () { selected = null; };
    r.focus = function (id, animate) {
      var d = renderer.getNodeDisplayData(id);
      if (!d) return;
      /* close enough that the node's name shows */
      var target = { x: d.x, y: d.y, ratio: Math.min(camera.ratio, 0.08), angle: 0 };
      if (animate === false) camera.setState(target);
      else camera.animate(target, { duration: 450 });
    };
    r.fit = function (ids, animate) {
      var target = ids ? frame(ids) : { x: 0.5, y: 0.5, ratio: 1, angle: 0 };
      if (animate === false) camera.setState(target);
      else camera.animate(target, { duration: 400 });
    };
    r.zoomBy = function (factor) {
      camera.animate({ ratio: camera.ratio / factor }, { duration: 250 });
    };
    r.scale = scale;
    r.setHidden = function (ids) {
      var same = ids.size === 0 && hidden.size === 0;  /* nothing hidden before or now */
      hidden = ids;
      if (!same) renderer.refresh({ skipIndexation: true });
    };
    r.onClick = function (handler) {
      renderer.on("clickNode", function (event) { handler(event.node); });
      renderer.on("clickStage", function () { handler(null); });
    };
    r.whenDrawn = function (callback) {
      /* sigma indexed and drew when it was made (before the names were hooked in): draw once
         more, no indexing, and the frame after has it on screen */
      renderer.once("afterRender", function () { requestAnimationFrame(callback); });
      renderer.scheduleRender();
    };
    r.redraw = function () { renderer.refresh({ skipIndexation: true }); };
    r.toScreen = toScreen;
    r.center = function () {
      var c = renderer.viewportToGraph({ x: container.clientWidth / 2,
                                         y: container.clientHeight / 2 });
      return { x: c.x, y: -c.y };
    };
    return r;
  };
})();
