// graphperf's charts: every <div class="chart-data"> holds its data as JSON; uPlot draws it. Charts inside a
// closed <details> are drawn when it opens (uPlot needs a visible width).
(function () {
  var COLORS = ['#2b6cb0', '#dd6b20', '#2f855a', '#9b2c2c', '#6b46c1', '#718096', '#b7791f', '#319795'];
  function width(el) { return Math.max(320, Math.min(900, (el.parentElement || document.body).clientWidth - 20)); }
  function shade(spans) {
    return function (u) {
      var c = u.ctx;
      spans.forEach(function (s) {
        if (s.to <= s.from) return;
        var x0 = u.valToPos(s.from, 'x', true), x1 = u.valToPos(s.to, 'x', true);
        c.save(); c.fillStyle = s.color; c.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height); c.restore();
      });
    };
  }
  function timeline(el, d) {
    var spans = [{from: d.x[0] - d.dx, to: d.warmupEnd, color: 'rgba(237,137,54,0.13)'},
                 {from: d.windowEnd, to: d.x[d.x.length - 1], color: 'rgba(160,174,192,0.18)'}];
    var opts = {
      width: width(el), height: 220, title: d.title,
      scales: {x: {time: false}, ops: {}, p99: {distr: 3}},
      series: [{label: 's'},
               {label: 'ops/s', scale: 'ops', stroke: COLORS[0], width: 1.5},
               {label: 'p99 ms', scale: 'p99', stroke: COLORS[1], width: 1, dash: [4, 3]}],
      axes: [{label: 'seconds since the clients started (orange: warm-up, grey: drain)'},
             {scale: 'ops', label: 'ops/s'},
             {scale: 'p99', side: 1, label: 'p99 ms (log)', grid: {show: false}}],
      hooks: {drawClear: [shade(spans)]}
    };
    return new uPlot(opts, [d.x, d.ops, d.p99.map(function (v) { return v > 0 ? v : null; })], el);
  }
  function lines(el, d) {
    var series = [{label: d.xLabel}];
    var data = [d.x];
    d.series.forEach(function (s, i) {
      series.push({label: s.label, stroke: COLORS[i % COLORS.length], width: 1.5, dash: s.dashed ? [5, 3] : undefined,
                   points: {show: true, size: 6}});
      data.push(s.y.map(function (v) { return v === null || v > 0 || !d.logY ? v : null; }));
    });
    var opts = {
      width: width(el), height: 280, title: d.title,
      scales: {x: {time: false, distr: d.logX ? 3 : 1}, y: {distr: d.logY ? 3 : 1}},
      series: series,
      axes: [{label: d.xLabel}, {label: d.yLabel}]
    };
    return new uPlot(opts, data, el);
  }
  function draw(el) {
    if (el.dataset.drawn) return;
    var d = JSON.parse(el.textContent);
    var target = document.createElement('div');
    target.className = 'chart ' + (d.cssClass || '');
    el.parentNode.insertBefore(target, el);
    (d.kind === 'timeline' ? timeline : lines)(target, d);
    el.dataset.drawn = '1';
  }
  function visible(el) {
    for (var p = el.parentElement; p; p = p.parentElement) if (p.tagName === 'DETAILS' && !p.open) return false;
    return true;
  }
  document.querySelectorAll('script.chart-data').forEach(function (el) { if (visible(el)) draw(el); });
  document.querySelectorAll('details').forEach(function (det) {
    det.addEventListener('toggle', function () {
      if (det.open) det.querySelectorAll('script.chart-data').forEach(function (el) { if (visible(el)) draw(el); });
    });
  });
})();
