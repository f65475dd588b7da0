/* kg graph view: drawing with vis-network (canvas 2D), for views up to a few thousand nodes.
   window.kgDraw(container, data, state, ui) returns the drawer view.js drives (the same calls as
   draw-sigma.js): light, select, unselect, focus, fit, zoomBy, scale, setHidden, onClick,
   whenDrawn, toScreen. */
(function () {
  "use strict";

  var DIM = { background: "#eceef1", border: "#dfe3e8" };
  var DIM_EDGE = { color: "#eceef1", highlight: "#eceef1", hover: "#eceef1", opacity: 0.5 };

  /* vis-network's colours of a node: its own, and a dark border when hovered or selected */
  function full(color) {
    var dark = { background: color.background, border: "#1f2328" };
    return { background: color.background, border: color.border, highlight: dark, hover: dark };
  }

  window.kgDraw = function (container, data, state, ui) {
    var visNodes = new vis.DataSet(data.nodes.map(function (n) {
      return { id: n.id, x: n.x, y: n.y, shape: "dot", size: n.size, color: full(n.color),
               borderWidth: n.borderWidth, title: ui.tooltip(n) };
    }));
    var visEdges = new vis.DataSet(data.edges.map(function (e, i) {
      return { id: "e" + i, from: e.from, to: e.to, width: e.width,
               title: ui.edgeTooltip(e) };
    }));
    var network = new vis.Network(container, { nodes: visNodes, edges: visEdges }, data.options);

    /* names a fixed size on screen, each once the zoom reaches its labelZoom */
    network.on("afterDrawing", function (ctx) {
      var scale = network.getScale();
      var topLeft = network.DOMtoCanvas({ x: 0, y: 0 });
      var bottomRight = network.DOMtoCanvas({ x: container.clientWidth, y: container.clientHeight });
      ctx.save();
      ctx.scale(1 / scale, 1 / scale);  /* draw in screen pixels */
      state.labelsDrawn = ui.drawLabels(ctx, scale, function (n) {
        var body = network.body.nodes[n.id];
        if (!body || body.options.hidden) return null;
        if (body.x < topLeft.x || body.x > bottomRight.x || body.y < topLeft.y ||
            body.y > bottomRight.y) return null;
        return { x: body.x * scale, y: body.y * scale, r: body.options.size * scale };
      }, function (x, y) { return { x: x * scale, y: y * scale }; });
      ctx.restore();
    });

    var r = { network: network, kind: "vis-network" };
    r.light = function (ids) {
      visNodes.update(data.nodes.map(function (n) {
        return { id: n.id, color: !ids || ids.has(n.id) ? full(n.color) : DIM };
      }));
      visEdges.update(data.edges.map(function (e, i) {
        var on = !ids || (ids.has(e.from) && ids.has(e.to));
        return { id: "e" + i, color: on ? data.options.edges.color : DIM_EDGE };
      }));
    };
    r.select = function (id) { network.selectNodes([id]); };
    r.unselect = function () { network.unselectAll(); };
    r.focus = function (id, animate) {
      network.focus(id, { scale: Math.max(network.getScale(), 1.1), locked: false,
                          animation: animate === false ? false : { duration: 450 } });
    };
    r.fit = function (ids, animate) {
      var options = { animation: animate === false ? false : { duration: 400 } };
      if (ids) options.nodes = ids;
      network.fit(options);
    };
    r.zoomBy = function (factor) {
      network.moveTo({ scale: network.getScale() * factor, animation: { duration: 250 } });
    };
    r.scale = function () { return network.getScale(); };
    r.setHidden = function (hidden) {
      visNodes.update(data.nodes.map(function (n) { return { id: n.id, hidden: hidden.has(n.id) }; }));
    };
    r.onClick = function (handler) {
      network.on("click", function (params) {
        if (params.nodes.length) handler(params.nodes[0]);
        else if (!params.edges.length) handler(null);
      });
    };
    r.whenDrawn = function (callback) {
      network.fit({ animation: false });
      network.once("afterDrawing", callback);
      network.redraw();
    };
    r.redraw = function () { network.redraw(); };
    r.toScreen = function (x, y) { return network.canvasToDOM({ x: x, y: y }); };
    return r;
  };
})();
