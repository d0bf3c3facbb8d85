// Draws the timeline from the JSON in #engram-data with vis-timeline (vendored beside this file).
// Item text goes in with textContent only: memory text is never parsed as HTML.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("engram-data").textContent);
  var byId = {};
  data.items.forEach(function (item) { byId[item.id] = item; });

  function badge(cls, text) {
    var span = document.createElement("span");
    span.className = "badge " + cls;
    span.textContent = text;
    return span;
  }

  function element(item) {
    var box = document.createElement("div");
    box.className = "engram-item";
    var text = document.createElement("span");
    text.className = "text";
    text.textContent = item.kind === "turn" ? item.speaker + ": " + item.text : item.text;
    box.appendChild(text);
    if (item.kind === "fact") {
      box.appendChild(badge("certainty", "certainty " + item.certainty.toFixed(1)));
      box.appendChild(badge("source", item.source));
      if (item.replacedBy) {
        var link = document.createElement("a");
        link.className = "replaced-by";
        link.href = "#" + item.replacedBy;
        link.dataset.target = item.replacedBy;
        link.textContent = "→ " + byId[item.replacedBy].text;
        box.appendChild(link);
      }
    }
    return box;
  }

  var items = data.items.map(function (item) {
    var classes = ["engram", item.kind];
    if (item.kind === "fact") {
      classes.push(item.state);
      if (item.state === "current") { classes.push("open"); }
      classes.push(item.certainty >= 1 ? "stated" : item.certainty > 0.7 ? "likely" : item.certainty > 0.4 ? "inferred" : "guess");
    }
    var out = {
      id: item.id, group: item.group, type: item.type, start: new Date(item.start),
      content: "", title: item.title, className: classes.join(" ")
    };
    if (item.end) { out.end = new Date(item.end); }
    return out;
  });

  // Show everything with a margin, and "now" clearly inside: current facts run up to it.
  var times = items.map(function (i) { return (i.end || i.start).getTime(); })
    .concat(items.map(function (i) { return i.start.getTime(); }), [new Date(data.now).getTime()]);
  var first = Math.min.apply(null, times), last = Math.max.apply(null, times);
  var pad = Math.max((last - first) * 0.04, 864e5);

  var container = document.getElementById("timeline");
  var timeline = new vis.Timeline(container, new vis.DataSet(items), new vis.DataSet(data.groups), {
    template: function (item) { return element(byId[item.id]); },
    stack: true,
    groupOrder: "order",
    start: new Date(first - pad),
    end: new Date(last + pad),
    orientation: "top",
    zoomKey: "ctrlKey",
    margin: { item: { horizontal: 4, vertical: 6 } },
    tooltip: { followMouse: true, overflowMethod: "cap" },
    // Many turns in view fold into one "N turns" marker that opens on zoom; facts never fold.
    cluster: {
      maxItems: 4,
      titleTemplate: "{count} journal turns: zoom in to see them",
      clusterCriteria: function (a, b) { return a.group === "journal" && b.group === "journal"; }
    }
  });

  function show(id) {
    timeline.setSelection([id]);
    timeline.focus(id, { animation: false });
    var row = document.getElementById(id);
    if (row) { row.classList.add("highlight"); }
  }

  // A superseded fact leads to what replaced it, in the chart and in the table.
  timeline.on("click", function (props) {
    var link = props.event.target.closest ? props.event.target.closest("a.replaced-by") : null;
    if (link) { props.event.preventDefault(); show(link.dataset.target); }
  });
  document.body.dataset.rendered = String(items.length);
}());
