// The interactive half of report.html: the filterable game list and the game
// viewer. Plain JavaScript, no libraries and no network. It reads the JSON in
// <script id="report-data"> and the games in <script id="report-games">:
// base64 of zlib-compressed bytes, inflated with the browser's DecompressionStream,
// in the layout arbiter/output/report_games.hpp describes.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var names = data.engines, sides = data.sides;
  var gamesSection = document.getElementById('games');
  var SVG = 'http://www.w3.org/2000/svg';
  var LIST_LIMIT = 1000;
  var view;  // the unpacked games (unpack below)

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag, attrs, parent) {
    var e = document.createElementNS(SVG, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // ---------------------------------------------------------------- unpacking
  function inflate(base64) {
    var text = atob(base64), bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
    return new Response(stream).arrayBuffer();
  }

  // Unsigned LEB128 numbers from bytes[at, end).
  function Numbers(bytes, at, end) { this.bytes = bytes; this.at = at; this.end = end; }
  Numbers.prototype.next = function () {
    var value = 0, scale = 1, b;
    do {
      if (this.at >= this.end) throw new Error('a stream of the games ends early');
      b = this.bytes[this.at++];
      value += (b & 127) * scale;
      scale *= 128;
    } while (b & 128);
    return value;
  };
  function unzigzag(z) { return z % 2 === 0 ? z / 2 : -(z + 1) / 2; }

  // A column of numbers stored as byte planes of `width` bytes each.
  function Column(bytes, at, length, width) {
    this.bytes = bytes; this.at = at; this.width = width; this.count = length / width;
    if (this.count !== Math.floor(this.count)) throw new Error('a column of the games is cut');
  }
  Column.prototype.get = function (i) {
    if (i >= this.count) throw new Error('a column of the games ends early');
    var value = 0;
    for (var k = this.width - 1; k >= 0; --k) value = value * 256 + this.bytes[this.at + k * this.count + i];
    return value;
  };

  // The JSON, the table of changes, and where each game's numbers start in
  // the columns (a game's plies are read when it is opened).
  function unpack(buffer) {
    var bytes = new Uint8Array(buffer);
    var n = new DataView(buffer).getUint32(0, true);
    var v = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n)));
    var streams = {}, at = 4 + n;
    v.streams.forEach(function (s) {
      streams[s[0]] = s.length > 2 ? new Column(bytes, at, s[1], s[2]) : new Numbers(bytes, at, at + s[1]);
      at += s[1];
    });
    if (at !== bytes.length) throw new Error('the games have ' + (bytes.length - at) + ' bytes too many');
    v.streams = streams;
    if (v.board) {
      // Change number c of move m has the cells cellIndex/cellChar[cellStart[id] .. cellStart[id + 1]),
      // id = changeAt[m] + c.
      var c = streams.changes, index = [], chars = [], starts = [0];
      v.changeAt = new Uint32Array(v.moves.length);
      for (var m = 0; m < v.moves.length; ++m) {
        v.changeAt[m] = starts.length - 1;
        for (var d = c.next(); d > 0; --d) {
          for (var cells = c.next(), i = -1; cells > 0; --cells) {
            i += c.next() + 1;
            index.push(i);
            chars.push(c.next());
          }
          starts.push(index.length);
        }
      }
      if (c.at !== c.end) throw new Error('the table of changes has bytes too many');
      v.cellStart = Uint32Array.from(starts);
      v.cellIndex = Uint32Array.from(index);
      v.cellChar = Uint8Array.from(chars);
    }
    var next = [0, 0, 0, 0];  // plies, plies with a board, engine moves, status lines
    v.games.forEach(function (g) {
      g.boards = g.s === undefined || !v.board ? 0 : g.v === undefined ? g.k : g.v;
      g.lines = g.s === undefined || !v.statuses ? 0 : (g.v === undefined ? g.k : g.v) + 1;
      g.at = next.slice();
      next[0] += g.k;
      next[1] += g.boards;
      next[2] += g.k - (g.o || 0);
      next[3] += g.lines;
    });
    if (next[0] !== streams.moves.count || next[1] !== streams.boards.count || next[2] !== streams.times.count ||
        (v.statuses && next[3] !== streams.status.count))
      throw new Error('the columns do not hold the plies of the games');
    return v;
  }

  // One game's plies: move numbers, change numbers, and the engines' times, scores and depths as text.
  function plies(g) {
    var s = view.streams, p = { mv: [], ch: [], ms: [], sc: [], d: [], st: [] };
    for (var k = 0; k < g.k; ++k) p.mv.push(s.moves.get(g.at[0] + k));
    for (var l = 0; l < g.lines; ++l) p.st.push(view.statuses[s.status.get(g.at[3] + l)]);
    for (var b = 0; b < g.boards; ++b) p.ch.push(s.boards.get(g.at[1] + b));
    for (var e = 0; e < g.k - (g.o || 0); ++e) {
      var t = s.times.get(g.at[2] + e);
      p.ms.push(t === 0 ? 'f' : String(t - 1));
      [[s.scores, p.sc], [s.depths, p.d]].forEach(function (pair) {
        var z = pair[0].get(g.at[2] + e), before = e >= 2 ? pair[1][e - 2] : '';
        pair[1].push(z === 0 ? '' : String(unzigzag(z - 1) + (before === '' ? 0 : +before)));
      });
    }
    return p;
  }

  // ---------------------------------------------------------------- game list
  var filterEngine = document.getElementById('filter-engine');
  var filterResult = document.getElementById('filter-result');
  var filterTermination = document.getElementById('filter-termination');
  var listBody = document.getElementById('game-list-body');
  var listNote = document.getElementById('game-list-note');

  function option(select, value, label) { select.appendChild(el('option', { value: value }, label)); }
  names.forEach(function (n, i) { option(filterEngine, String(i), n); });

  function matches(g) {
    var e = filterEngine.value, r = filterResult.value, t = filterTermination.value;
    if (e !== '' && g.e[0] !== +e && g.e[1] !== +e) return false;
    if (t !== '' && g.t !== t) return false;
    if (r === '') return true;
    if (r === 'draw') return g.r === '1/2-1/2';
    if (r === 'decisive') return g.r === '1-0' || g.r === '0-1';
    // "win" / "loss" of the chosen engine
    if (e === '') return r === 'win' ? g.r !== '1/2-1/2' && g.r !== '*' : false;
    var side = g.e[0] === +e ? 0 : 1;
    var won = (g.r === '1-0' && side === 0) || (g.r === '0-1' && side === 1);
    var lost = (g.r === '0-1' && side === 0) || (g.r === '1-0' && side === 1);
    return r === 'win' ? won : lost;
  }

  var byNumber = [];  // game indexes in schedule order (they are stored in the order they finished)

  function renderList() {
    listBody.textContent = '';
    var shown = 0, total = 0;
    byNumber.forEach(function (i) {
      var g = view.games[i];
      if (!matches(g)) return;
      ++total;
      if (shown >= LIST_LIMIT) return;
      ++shown;
      var tr = el('tr', { 'data-game': String(i), tabindex: '0' });
      tr.appendChild(el('td', { 'class': 'num' }, String(g.n)));
      tr.appendChild(el('td', { 'class': 'name' }, names[g.e[0]]));
      tr.appendChild(el('td', { 'class': 'name' }, names[g.e[1]]));
      tr.appendChild(el('td', { 'class': 'result' }, g.r));
      tr.appendChild(el('td', { 'class': 'num' }, String(g.k)));
      tr.appendChild(el('td', { 'class': 'name' }, g.t));
      tr.appendChild(el('td', { 'class': 'reason' }, g.why || ''));
      tr.addEventListener('click', function () { openGame(i); });
      tr.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') openGame(i); });
      listBody.appendChild(tr);
    });
    listNote.textContent = total > shown
      ? 'Showing the first ' + shown + ' of ' + total + ' games; narrow the filter to see the others.'
      : total + ' of ' + view.games.length + ' games.';
  }
  [filterEngine, filterResult, filterTermination].forEach(function (s) { s.addEventListener('change', renderList); });

  // ---------------------------------------------------------------- boards
  // The board after every ply: from the start cells, applying each ply's
  // change (number p.ch[ply] among the changes of its move p.mv[ply]).
  function boards(g, p) {
    if (g.s === undefined) return [];
    var start = view.starts[g.s];
    if (!view.board) return [start].concat(g.p || []);
    var out = [start], cells = start.split('');
    p.ch.forEach(function (change, ply) {
      var id = view.changeAt[p.mv[ply]] + change;
      for (var c = view.cellStart[id]; c < view.cellStart[id + 1]; ++c)
        cells[view.cellIndex[c]] = String.fromCharCode(view.cellChar[c]);
      out.push(cells.join(''));
    });
    return out;
  }

  var CELL = 40, MARGIN = 22;
  function drawBoard(container, cells, previous) {
    container.textContent = '';
    var b = view.board;
    if (!b) { container.appendChild(el('pre', { 'class': 'position' }, cells)); return; }
    var w = b.columns * CELL, h = b.rows * CELL;
    var root = svg('svg', { viewBox: '0 0 ' + (w + 2 * MARGIN) + ' ' + (h + 2 * MARGIN), 'class': 'board',
      'data-cells': cells, role: 'img', 'aria-label': 'board' }, container);
    var g = svg('g', { transform: 'translate(' + MARGIN + ',' + MARGIN + ')' }, root);
    svg('rect', { x: 0, y: 0, width: w, height: h, fill: b.colour, 'class': 'board-bg' }, g);
    function cx(c) { return (c + 0.5) * CELL; }
    if (b.points) {
      for (var r = 0; r < b.rows; ++r) svg('line', { x1: cx(0), y1: cx(r), x2: cx(b.columns - 1), y2: cx(r), 'class': 'gridline' }, g);
      for (var c = 0; c < b.columns; ++c) svg('line', { x1: cx(c), y1: cx(0), x2: cx(c), y2: cx(b.rows - 1), 'class': 'gridline' }, g);
    } else {
      for (var i = 0; i <= b.rows; ++i) svg('line', { x1: 0, y1: i * CELL, x2: w, y2: i * CELL, 'class': 'gridline' }, g);
      for (var j = 0; j <= b.columns; ++j) svg('line', { x1: j * CELL, y1: 0, x2: j * CELL, y2: h, 'class': 'gridline' }, g);
    }
    b.lines.forEach(function (l) { svg('line', { x1: cx(l[0]), y1: cx(l[1]), x2: cx(l[2]), y2: cx(l[3]), 'class': 'gridline' }, g); });
    b.frames.forEach(function (f) {
      svg('rect', { x: f[0] * CELL, y: f[1] * CELL, width: (f[2] - f[0] + 1) * CELL, height: (f[3] - f[1] + 1) * CELL, 'class': 'frame' }, g);
    });
    b.files.forEach(function (label, c) {
      svg('text', { x: cx(c), y: -7, 'class': 'label' }, g).textContent = label;
      svg('text', { x: cx(c), y: h + 16, 'class': 'label' }, g).textContent = label;
    });
    b.ranks.forEach(function (label, r) {
      svg('text', { x: -11, y: cx(r) + 4, 'class': 'label' }, g).textContent = label;
      svg('text', { x: w + 11, y: cx(r) + 4, 'class': 'label' }, g).textContent = label;
    });
    for (var k = 0; k < cells.length; ++k) {
      var col = k % b.columns, row = Math.floor(k / b.columns), x = cx(col), y = cx(row);
      var ch = cells.charAt(k);
      if (previous && previous.charAt(k) !== ch)
        svg('rect', { x: x - CELL / 2 + 2, y: y - CELL / 2 + 2, width: CELL - 4, height: CELL - 4, 'class': 'changed' }, g);
      var p = b.pieces[ch];
      if (!p || ch === b.empty) continue;
      var R = CELL * 0.4, piece;
      if (p.shape === 'disc') piece = svg('circle', { cx: x, cy: y, r: R, fill: p.fill, 'class': 'piece' }, g);
      else if (p.shape === 'ring') piece = svg('circle', { cx: x, cy: y, r: R * 0.8, fill: 'none', stroke: p.fill, 'stroke-width': CELL * 0.1 }, g);
      else if (p.shape === 'square') piece = svg('rect', { x: x - R * 0.85, y: y - R * 0.85, width: R * 1.7, height: R * 1.7, fill: p.fill, 'class': 'piece' }, g);
      else if (p.shape === 'cross') {
        piece = svg('path', { d: 'M' + (x - R * 0.7) + ',' + (y - R * 0.7) + 'l' + 1.4 * R + ',' + 1.4 * R + 'M' + (x + R * 0.7) + ',' + (y - R * 0.7) + 'l' + -1.4 * R + ',' + 1.4 * R,
          stroke: p.fill, 'stroke-width': CELL * 0.1, 'stroke-linecap': 'round' }, g);
      } else {
        svg('circle', { cx: x, cy: y, r: R, fill: '#fff', stroke: p.fill, 'stroke-width': 2 }, g);
        piece = svg('text', { x: x, y: y + CELL * 0.15, fill: p.fill, 'class': 'letter' }, g);
        piece.textContent = ch;
      }
      svg('title', {}, piece).textContent = p.name;
    }
  }

  // ---------------------------------------------------------------- viewer
  var viewer = document.getElementById('viewer');
  var boardBox = document.getElementById('viewer-board');
  var title = document.getElementById('viewer-title');
  var info = document.getElementById('viewer-info');
  var statusLine = document.getElementById('viewer-status');
  var moveList = document.getElementById('viewer-moves');
  var current = null;  // {game, boards, moves, ply}

  function openGame(i, quiet) {
    var g = view.games[i];
    var p = plies(g);
    current = { game: g, boards: boards(g, p), moves: p.mv.map(function (m) { return view.moves[m]; }), ply: 0,
      ms: p.ms, sc: p.sc, d: p.d, st: p.st, book: g.o || 0 };
    viewer.hidden = false;
    viewer.setAttribute('data-game', String(i));
    title.textContent = 'Game ' + g.n + ': ' + names[g.e[0]] + ' (' + sides[0] + ') vs ' + names[g.e[1]] + ' (' + sides[1] + ')  ' +
      g.r + ', ' + g.t + (g.why ? ': ' + g.why : '') +
      (g.tc ? '; time control ' + (g.tc[0] === g.tc[1] ? g.tc[0] : g.tc[0] + ' vs ' + g.tc[1]) : '');
    moveList.textContent = '';
    current.moves.forEach(function (m, k) {
      if (k % 2 === 0) moveList.appendChild(el('span', { 'class': 'moveno' }, (k / 2 + 1) + '.'));
      var span = el('span', { 'class': 'move' + (k < current.book ? ' book' : ''), 'data-ply': String(k + 1) }, m);
      span.addEventListener('click', function () { show(k + 1); });
      moveList.appendChild(span);
    });
    show(0);
    if (!quiet) viewer.scrollIntoView({ block: 'nearest' });
  }

  function show(ply) {
    if (!current) return;
    ply = Math.max(0, Math.min(ply, current.moves.length));
    current.ply = ply;
    var c = current, g = c.game;
    var board = c.boards[Math.min(ply, c.boards.length - 1)];
    if (board === undefined) boardBox.textContent = 'No board: ' + (g.err || 'the plugin gave none');
    else drawBoard(boardBox, board, ply > 0 && ply < c.boards.length ? c.boards[ply - 1] : null);
    // The plugin's line about this position (disc count, pieces in hand...), when it writes one.
    statusLine.textContent = ply < c.st.length ? c.st[ply] : '';
    var text;
    if (ply === 0) text = 'Start position' + (c.book ? ' (then ' + c.book + ' opening moves)' : '');
    else {
      var k = ply - 1, engineMove = k - c.book;
      text = 'Ply ' + ply + ': ' + c.moves[k];
      if (engineMove < 0) text += ' (opening)';
      else {
        var ms = c.ms[engineMove];
        text += ms === 'f' ? ' (forced, played by the arbiter)' : ', ' + ms + ' ms';
        if (c.sc[engineMove]) text += ', score ' + c.sc[engineMove];
        if (c.d[engineMove]) text += ', depth ' + c.d[engineMove];
      }
      if (ply >= c.boards.length && g.err) text += ' (board not available: ' + g.err + ')';
    }
    info.textContent = text;
    var spans = moveList.querySelectorAll('.move');
    for (var i = 0; i < spans.length; ++i) spans[i].classList.toggle('current', i === ply - 1);
    viewer.setAttribute('data-ply', String(ply));
  }

  document.getElementById('viewer-first').addEventListener('click', function () { show(0); });
  document.getElementById('viewer-prev').addEventListener('click', function () { show(current.ply - 1); });
  document.getElementById('viewer-next').addEventListener('click', function () { show(current.ply + 1); });
  document.getElementById('viewer-last').addEventListener('click', function () { show(current ? current.moves.length : 0); });
  document.addEventListener('keydown', function (ev) {
    if (!current || viewer.hidden || ev.target.tagName === 'SELECT') return;
    var to = { ArrowLeft: current.ply - 1, ArrowRight: current.ply + 1, Home: 0, End: current.moves.length }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    show(to);
  });

  // ---------------------------------------------------------------- start
  function start(unpacked) {
    view = unpacked;
    var terminations = {};
    view.games.forEach(function (g) { terminations[g.t] = true; });
    Object.keys(terminations).sort().forEach(function (t) { option(filterTermination, t, t); });
    byNumber = view.games.map(function (g, i) { return i; });
    byNumber.sort(function (a, b) { return view.games[a].n - view.games[b].n; });
    renderList();
    if (view.games.length > 0) openGame(byNumber[0], true);
    gamesSection.setAttribute('data-state', 'ready');
  }
  function unavailable(state, why) {
    listNote.textContent = why + ' The tables above are complete; the game records are in games.jsonl and games.pgn.';
    gamesSection.setAttribute('data-state', state);
  }

  gamesSection.setAttribute('data-state', 'unpacking');
  listNote.textContent = 'Unpacking the games…';
  if (typeof DecompressionStream === 'undefined' || typeof TextDecoder === 'undefined') {
    unavailable('unsupported', 'This browser cannot unpack the games of this page (it lacks DecompressionStream: ' +
      'Chrome 80, Firefox 113, Safari 16.4 and later have it).');
  } else {
    Promise.resolve(document.getElementById('report-games').textContent)
      .then(inflate)
      .then(function (buffer) { start(unpack(buffer)); })
      .catch(function (e) { unavailable('failed', 'The games of this page cannot be read: ' + e.message + '.'); });
  }
})();
