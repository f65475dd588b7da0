/* kg graph view: drawing with sigma.js on WebGL, for whole graphs (tens of thousands of nodes and
   links). The same drawer as draw-vis.js (window.kgDraw); kg's positions are used as they are
   (y flipped: sigma's y axis points up), sizes are in the layout's units so nodes keep the
   spacing kg computed, and names are drawn by view.js on a canvas above sigma's.

   Lighting a selection touches only what changes: a white veil lies over the drawn graph, the
   lit nodes are sigma's "highlighted" nodes (drawn again above the veil) and their links are
   drawn on a canvas between the two, so a selection re-processes the nodes it lights and
   unlights, never the whole graph. Nodes are WebGL points (one vertex each), which a software
   renderer draws several times faster than sigma's default quads. */
(function () {
  "use strict";

  var EDGE = "#c3cad3";
  var EDGE_LIT = "#59636e";
  var TIP_GAP = 14;
  /* Links are drawn once the camera is this close (sigma's ratio: 1 = the whole graph), or when
     lit: far out, 40,000 links are one grey haze over the groups and cost a software renderer
     seconds a frame. */
  var LINKS_FROM_RATIO = 0.4;
  var HAZE = 5000;  /* links, from which they wait for the zoom */

  /* sigma's point program sizes points in screen pixels; kg's sizes are in the layout's units
     (itemSizesReference "positions"): the same program, with a point as wide as the node's disc
     at the current zoom, and at least 1.5 pixels */
  function pointsProgram() {
    var Points = Sigma.rendering.NodePointProgram;
    return class extends Points {
      getDefinition() {
        var definition = super.getDefinition();
        var shader = definition.VERTEX_SHADER_SOURCE
          .replace("uniform float u_sizeRatio;", "uniform float u_sizeRatio;\nuniform float u_scale;")
          .replace(/gl_PointSize = [^;]*;/, "gl_PointSize = max(a_size * u_scale * 2.0, 1.5);")
          .replace(/v_border = [^;]*;/, "v_border = 0.5 / max(a_size * u_scale, 0.75);");
        if (shader.indexOf("u_scale * 2.0") < 0) throw new Error("sigma's point shader changed");
        return Object.assign({}, definition, {
          VERTEX_SHADER_SOURCE: shader,
          UNIFORMS: definition.UNIFORMS.concat(["u_scale"])
        });
      }
      setUniforms(params, program) {
        super.setUniforms(params, program);
        var a = this.renderer.graphToViewport({ x: 0, y: 0 });
        var b = this.renderer.graphToViewport({ x: 1000, y: 0 });  /* pixels per 1,000 units */
        program.gl.uniform1f(program.uniformLocations.u_scale,
                             (b.x - a.x) / 1000 * params.pixelRatio);
      }
    };
  }

  window.kgDraw = function (container, data, state, ui) {
    var graph = new graphology.Graph({ type: "undirected", multi: false, allowSelfLoops: false });
    data.nodes.forEach(function (n) {
      graph.addNode(n.id, { x: n.x, y: -n.y, size: n.size, color: n.color.background });
    });
    var edgesIn = false;
    function addEdges() {
      if (edgesIn) return;
      edgesIn = true;
      data.edges.forEach(function (e) {
        try {
          graph.addEdge(e.from, e.to, { size: Math.max(0.5, e.width / 2), color: EDGE });
        } catch (already) {  /* two roles between one paper and one entity: one line */
        }
      });
    }
    var haze = data.edges.length >= HAZE;
    /* a haze of links, hidden far out, joins the graph once it is drawn and the page is idle,
       or as soon as the camera comes close enough to show it (below) */
    if (!haze) addEdges();

    var byId = new Map();
    data.nodes.forEach(function (n) { byId.set(n.id, n); });
    var hidden = new Set();
    var selected = null;
    var lit = null;  /* the ids drawn above the veil, or null: nothing is dimmed */
    var litLinks = [];  /* [from, to] of the links between lit nodes */
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
      /* sigma hands the reducers a copy of the attributes: set on it, no copy of our own */
      nodeReducer: function (id, attrs) {
        if (hidden.has(id)) attrs.hidden = true;
        else if (lit && lit.has(id)) attrs.highlighted = true;
        return attrs;
      },
      edgeReducer: function (id, attrs) {
        if (far || (hidden.size && (hidden.has(graph.source(id)) || hidden.has(graph.target(id))))) {
          attrs.hidden = true;
        }
        return attrs;
      },
      /* points and 1-pixel lines: a software renderer (headless Chromium, or no GPU) draws
         15,000 nodes and 40,000 links in a frame; sigma's default quads take seconds there */
      nodeProgramClasses: { circle: pointsProgram() },
      edgeProgramClasses: { line: Sigma.rendering.EdgeLineProgram }
    });
    var camera = renderer.getCamera();
    camera.on("updated", function (view) {
      if (haze && (view.ratio > LINKS_FROM_RATIO) !== far) {
        far = !far;
        addEdges();
        renderer.refresh({ skipIndexation: true });
      }
    });

    /* over sigma's graph: the veil, then the lit links; sigma's highlighted nodes come above
       them, then names (the overlay, in screen pixels) above everything */
    function layer(tag, className, before) {
      var node = document.createElement(tag);
      node.className = className;
      node.style.position = "absolute";
      node.style.inset = "0";
      node.style.pointerEvents = "none";
      container.insertBefore(node, before);
      return node;
    }
    var hovers = container.querySelector(".sigma-hovers");
    var veil = layer("div", "kg-veil", hovers);
    veil.hidden = true;
    var links = layer("canvas", "kg-lit", hovers);
    var overlay = layer("canvas", "kg-labels", null);
    function fitCanvas(canvas, w, h, ratio) {
      if (canvas.width !== w * ratio || canvas.height !== h * ratio) {
        canvas.width = w * ratio;
        canvas.height = h * ratio;
        canvas.style.width = w + "px";
        canvas.style.height = h + "px";
      }
      var ctx = canvas.getContext("2d");
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.clearRect(0, 0, w, h);
      return ctx;
    }
    function scale() {
      var a = renderer.graphToViewport({ x: 0, y: 0 });
      var b = renderer.graphToViewport({ x: 1000, y: 0 });
      return (b.x - a.x) / 1000;
    }
    function toScreen(x, y) { return renderer.graphToViewport({ x: x, y: -y }); }
    function drawOver() {
      var ratio = window.devicePixelRatio || 1;
      var w = container.clientWidth, h = container.clientHeight;
      var s = scale();
      var ctx = fitCanvas(links, w, h, ratio);
      if (litLinks.length) {
        ctx.strokeStyle = EDGE_LIT;
        ctx.lineWidth = 1.2;
        ctx.beginPath();
        litLinks.forEach(function (pair) {
          if (hidden.has(pair[0].id) || hidden.has(pair[1].id)) return;
          var a = toScreen(pair[0].x, pair[0].y), b = toScreen(pair[1].x, pair[1].y);
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
        });
        ctx.stroke();
      }
      ctx = fitCanvas(overlay, w, h, ratio);
      if (selected && byId.has(selected) && !hidden.has(selected)) {  /* a ring: the selection */
        var n = byId.get(selected), at = toScreen(n.x, n.y);
        ctx.strokeStyle = "#1f2328";
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(at.x, at.y, Math.max(n.size * s, 3) + 2, 0, 2 * Math.PI);
        ctx.stroke();
      }
      state.labelsDrawn = ui.drawLabels(ctx, s, function (n) {
        if (hidden.has(n.id)) return null;
        var at = toScreen(n.x, n.y);
        if (at.x < 0 || at.x > w || at.y < 0 || at.y > h) return null;
        return { x: at.x, y: at.y, r: n.size * s };
      }, toScreen);
    }
    renderer.on("afterRender", drawOver);

    /* hover: the node's summary next to the pointer */
    var tip = document.createElement("div");
    tip.className = "kg-tip";
    tip.hidden = true;
    container.appendChild(tip);
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
    /* light `ids` (a Set; null: all): only the nodes lit before or now are processed again */
    r.light = function (ids) {
      var changed = new Set(lit || []);
      if (ids) ids.forEach(function (id) { changed.add(id); });
      lit = ids;
      litLinks = [];
      if (ids) {
        data.edges.forEach(function (e) {
          if (ids.has(e.from) && ids.has(e.to)) litLinks.push([byId.get(e.from), byId.get(e.to)]);
        });
      }
      veil.hidden = !ids;
      renderer.refresh({ partialGraph: { nodes: Array.from(changed) }, skipIndexation: true });
    };
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
      /* sigma drew the graph when it was made, before the names were hooked in: draw them, and
         the next frame has it all on screen */
      drawOver();
      requestAnimationFrame(function () {
        callback();
        if (!haze) return;  /* hidden while far: adding them does not change the picture */
        if (window.requestIdleCallback) window.requestIdleCallback(addEdges, { timeout: 3000 });
        else setTimeout(addEdges, 500);
      });
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
