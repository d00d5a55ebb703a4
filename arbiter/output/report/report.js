// The interactive half of report.html: the filterable game list and the game
// viewer. Plain JavaScript, no libraries and no network. It reads the JSON in
// <script id="report-data"> and the games in <script id="report-games">:
// base64 of zlib-compressed bytes, inflated with the browser's DecompressionStream,
// in the layout arbiter/output/report_games.hpp describes.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var names = data.engines, sides = data.sides;
  // "white" -> "White": the plugin's side names as the page's headings write them.
  function sideName(i) { var n = sides[i] || ''; return n.charAt(0).toUpperCase() + n.slice(1); }
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
        (v.statuses && next[3] !== streams.status.count) || (v.notations && next[0] !== streams.notation.count))
      throw new Error('the columns do not hold the plies of the games');
    return v;
  }

  // One game's plies: move numbers, change numbers, and the engines' times, scores and depths as text.
  function plies(g) {
    var s = view.streams, p = { mv: [], san: [], ch: [], ms: [], sc: [], d: [], st: [] };
    for (var k = 0; k < g.k; ++k) {
      p.mv.push(s.moves.get(g.at[0] + k));
      if (view.notations) p.san.push(view.notations[s.notation.get(g.at[0] + k)]);
    }
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

  // A piece named as a chess piece ("white_knight") is drawn as its figurine:
  // the solid glyph filled in the side's colour under the outline glyph, so
  // that white and black both read on light and dark squares, and in print.
  var FIGURINES = { king: '\u265a', queen: '\u265b', rook: '\u265c', bishop: '\u265d', knight: '\u265e', pawn: '\u265f' };
  var OUTLINES = { king: '\u2654', queen: '\u2655', rook: '\u2656', bishop: '\u2657', knight: '\u2658', pawn: '\u2659' };
  function figurine(name) {
    var m = /^(white|black)_(king|queen|rook|bishop|knight|pawn)$/.exec(name || '');
    return m ? { white: m[1] === 'white', kind: m[2] } : null;
  }
  // A board whose pieces are all chess figurines is checkered as a chess
  // board is: the drawing's colour for the dark squares, a light one between.
  function checkered(b) {
    var tokens = Object.keys(b.pieces);
    return !b.points && tokens.length > 0 && tokens.every(function (t) { return figurine(b.pieces[t].name); });
  }
  var LIGHT_SQUARE = '#f0d9b5';
  // The text presentation selector keeps a figurine from turning into an emoji.
  var TEXT_FORM = '\ufe0e';

  function drawPiece(g, p, ch, x, y) {
    var R = CELL * 0.4, piece, f = figurine(p.name);
    if (f) {
      piece = svg('g', { 'class': 'figurine ' + (f.white ? 'white' : 'black'), 'data-piece': p.name }, g);
      svg('text', { x: x, y: y + CELL * 0.33, 'class': 'body' }, piece).textContent = FIGURINES[f.kind] + TEXT_FORM;
      if (f.white) svg('text', { x: x, y: y + CELL * 0.33, 'class': 'outline' }, piece).textContent = OUTLINES[f.kind] + TEXT_FORM;
    } else if (p.shape === 'disc') piece = svg('circle', { cx: x, cy: y, r: R, fill: p.fill, 'class': 'piece' }, g);
    else if (p.shape === 'ring') piece = svg('circle', { cx: x, cy: y, r: R * 0.8, fill: 'none', stroke: p.fill, 'stroke-width': CELL * 0.1 }, g);
    else if (p.shape === 'square') piece = svg('rect', { x: x - R * 0.85, y: y - R * 0.85, width: R * 1.7, height: R * 1.7, fill: p.fill, 'class': 'piece' }, g);
    else if (p.shape === 'cross') {
      piece = svg('path', { d: 'M' + (x - R * 0.7) + ',' + (y - R * 0.7) + 'l' + 1.4 * R + ',' + 1.4 * R + 'M' + (x + R * 0.7) + ',' + (y - R * 0.7) + 'l' + -1.4 * R + ',' + 1.4 * R,
        stroke: p.fill, 'stroke-width': CELL * 0.1, 'stroke-linecap': 'round' }, g);
    } else {
      // A letter on a disc of its own: the disc is white, or dark under a light letter.
      piece = svg('g', { 'class': 'lettered' }, g);
      svg('circle', { cx: x, cy: y, r: R, fill: light(p.fill) ? '#222' : '#fff', stroke: p.fill, 'stroke-width': 2, 'class': 'letter-disc' }, piece);
      // The plugin's label (shogi's kanji) when the report shows labels; a
      // turned one is drawn upside down, as gote's pieces face sente.
      // A label is centred on its middle line, so that a turned one stays in its disc.
      var text = svg('text', p.label ? { x: x, y: y, fill: p.fill, 'dominant-baseline': 'central', 'class': 'letter label-text' }
        : { x: x, y: y + CELL * 0.15, fill: p.fill, 'class': 'letter' }, piece);
      text.textContent = p.label || ch;
      if (p.turned) piece.setAttribute('transform', 'rotate(180 ' + x + ' ' + y + ')');
    }
    svg('title', {}, piece).textContent = p.name.replace(/_/g, ' ');
    return piece;
  }
  // Whether a #rrggbb colour is light (relative luminance above the middle grey's).
  function light(hex) {
    var n = parseInt(hex.slice(1), 16);
    var lin = [n >> 16, (n >> 8) & 255, n & 255].map(function (c) {
      c /= 255;
      return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2] > 0.18;
  }

  var CELL = 40, MARGIN = 22;
  // `check`: the cell index of a king in check, marked; -1 for none.
  function drawBoard(container, cells, previous, check) {
    container.textContent = '';
    var b = view.board;
    if (!b) { container.appendChild(el('pre', { 'class': 'position' }, cells)); return; }
    var w = b.columns * CELL, h = b.rows * CELL;
    var root = svg('svg', { viewBox: '0 0 ' + (w + 2 * MARGIN) + ' ' + (h + 2 * MARGIN), 'class': 'board',
      'data-cells': cells, 'data-empty': b.empty, role: 'img', 'aria-label': 'board' }, container);
    var g = svg('g', { transform: 'translate(' + MARGIN + ',' + MARGIN + ')' }, root);
    svg('rect', { x: 0, y: 0, width: w, height: h, fill: b.colour, 'class': 'board-bg' }, g);
    function cx(c) { return (c + 0.5) * CELL; }
    if (checkered(b))
      for (var sq = 0; sq < b.rows * b.columns; ++sq)
        if ((sq % b.columns + Math.floor(sq / b.columns)) % 2 === 0)
          svg('rect', { x: (sq % b.columns) * CELL, y: Math.floor(sq / b.columns) * CELL, width: CELL, height: CELL, fill: LIGHT_SQUARE, 'class': 'light-square' }, g);
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
      // The last move: every cell it changed (from and to, a capture, a castling rook).
      if (previous && previous.charAt(k) !== ch)
        svg('rect', { x: x - CELL / 2 + 2, y: y - CELL / 2 + 2, width: CELL - 4, height: CELL - 4, 'class': 'changed' }, g);
      if (k === check) svg('circle', { cx: x, cy: y, r: CELL * 0.48, 'class': 'check' }, g);
      var p = b.pieces[ch];
      if (!p || ch === b.empty) continue;
      drawPiece(g, p, ch, x, y);
    }
  }

  // The king a move gives check to (its record text ends in + or #): the
  // king of the side that did not move, found by the colour of the piece the
  // move put down. -1 when the move gives no check or the board has no kings.
  function checkedKing(cells, previous, san) {
    if (!view.board || !previous || !/[+#]$/.test(san || '')) return -1;
    var mover = null;
    for (var k = 0; k < cells.length && mover === null; ++k) {
      var p = view.board.pieces[cells.charAt(k)], f = p && figurine(p.name);
      if (cells.charAt(k) !== previous.charAt(k) && f) mover = f.white;
    }
    if (mover === null) return -1;
    var king = (mover ? 'black' : 'white') + '_king';
    for (var i = 0; i < cells.length; ++i) {
      var q = view.board.pieces[cells.charAt(i)];
      if (q && q.name === king) return i;
    }
    return -1;
  }

  // A score as the peers write it: pawns with a sign (centipawns / 100), or
  // a mate in N moves found (#N) or suffered (#-N), coded as +-(MATE + N)
  // (report_games.cpp); +# / -# where the engine gave no distance.
  var MATE = 100000;
  function scoreText(cp) {
    var n = +cp;
    if (Math.abs(n) >= MATE) {
      var distance = Math.abs(n) - MATE;
      if (distance === 0) return n > 0 ? '+#' : '-#';
      return (n > 0 ? '#' : '#-') + distance;
    }
    return (n < 0 ? '-' : '+') + (Math.abs(n) / 100).toFixed(2);
  }

  // ---------------------------------------------------------------- viewer
  var viewer = document.getElementById('viewer');
  var boardBox = document.getElementById('viewer-board');
  var title = document.getElementById('viewer-title');
  var info = document.getElementById('viewer-info');
  var statusLine = document.getElementById('viewer-status');
  var moveList = document.getElementById('viewer-moves');
  var current = null;  // {game, boards, moves, ply}

  function openGame(i, quiet, at) {
    var g = view.games[i];
    var p = plies(g);
    var moves = p.mv.map(function (m) { return view.moves[m]; });
    current = { game: g, boards: boards(g, p), moves: moves, san: p.san.length ? p.san : moves, ply: 0,
      ms: p.ms, sc: p.sc, d: p.d, st: p.st, book: g.o || 0 };
    viewer.hidden = false;
    viewer.setAttribute('data-game', String(i));
    title.textContent = 'Game ' + g.n + ': ' + names[g.e[0]] + ' (' + sideName(0) + ') vs ' + names[g.e[1]] + ' (' + sideName(1) + ')  ' +
      g.r + ', ' + g.t + (g.why ? ': ' + g.why : '') +
      (g.tc ? '; time control ' + (g.tc[0] === g.tc[1] ? g.tc[0] : g.tc[0] + ' vs ' + g.tc[1]) : '');
    moveList.textContent = '';
    current.moves.forEach(function (m, k) {
      if (k % 2 === 0) moveList.appendChild(el('span', { 'class': 'moveno' }, (k / 2 + 1) + '.'));
      var span = el('span', { 'class': 'move' + (k < current.book ? ' book' : ''), 'data-ply': String(k + 1), title: m }, current.san[k]);
      span.addEventListener('click', function () { show(k + 1); });
      moveList.appendChild(span);
    });
    // A finished game opens at its end, a game without a result at its start.
    show(at === undefined ? (g.r === '*' ? 0 : current.moves.length) : at);
    if (!quiet) viewer.scrollIntoView({ block: 'nearest' });
  }

  function show(ply) {
    if (!current) return;
    ply = Math.max(0, Math.min(ply, current.moves.length));
    current.ply = ply;
    var c = current, g = c.game;
    var board = c.boards[Math.min(ply, c.boards.length - 1)];
    if (board === undefined) boardBox.textContent = 'No board: ' + (g.err || 'the plugin gave none');
    else {
      var before = ply > 0 && ply < c.boards.length ? c.boards[ply - 1] : null;
      drawBoard(boardBox, board, before, ply > 0 ? checkedKing(board, before, c.san[ply - 1]) : -1);
    }
    // The plugin's line about this position (disc count, pieces in hand...), when it writes one.
    statusLine.textContent = ply < c.st.length ? c.st[ply] : '';
    var text;
    if (ply === 0) text = 'Start position' + (c.book ? ' (then ' + c.book + ' opening moves)' : '');
    else {
      var k = ply - 1, engineMove = k - c.book;
      text = 'Ply ' + ply + ': ' + c.san[k] + (c.san[k] !== c.moves[k] ? ' (' + c.moves[k] + ')' : '');
      if (engineMove < 0) text += ' (opening)';
      else {
        var ms = c.ms[engineMove];
        text += ms === 'f' ? ' (forced, played by the arbiter)' : ', ' + ms + ' ms';
        if (c.sc[engineMove]) text += ', score ' + scoreText(c.sc[engineMove]);
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

  // A key to the pieces: each as the board draws it, with the plugin's name for it.
  function drawLegend() {
    var box = document.getElementById('viewer-legend'), b = view.board;
    box.textContent = '';
    if (!b) return;
    var square = checkered(b) ? LIGHT_SQUARE : b.colour;
    Object.keys(b.pieces).forEach(function (t) {
      var p = b.pieces[t];
      if (t === b.empty) return;
      var item = el('span', { 'class': 'legend-item' });
      var icon = svg('svg', { viewBox: '0 0 ' + CELL + ' ' + CELL, 'class': 'board legend-piece', width: '26', height: '26', 'aria-hidden': 'true' });
      svg('rect', { x: 0, y: 0, width: CELL, height: CELL, fill: square }, icon);
      drawPiece(icon, p, t, CELL / 2, CELL / 2);
      item.appendChild(icon);
      item.appendChild(el('span', {}, p.name.replace(/_/g, ' ')));
      box.appendChild(item);
    });
  }

  // ---------------------------------------------------------------- live run
  // A page written while the run goes on reloads itself, keeping the open
  // game, its ply and the scroll position; the run's last page has no
  // "live" and stays. "?refresh=N" in the address sets another interval.
  var KEPT = 'arbiter-report:' + location.pathname;
  function keepState() {
    try {
      sessionStorage.setItem(KEPT, JSON.stringify({ y: window.scrollY,
        game: current ? current.game.n : null, ply: current ? current.ply : 0 }));
    } catch (e) { /* storage refused: reload without it */ }
  }
  function keptState() {
    try {
      var kept = JSON.parse(sessionStorage.getItem(KEPT) || 'null');
      sessionStorage.removeItem(KEPT);
      return kept;
    } catch (e) { return null; }
  }
  var kept = keptState();
  if (data.live) {
    var asked = /[?&]refresh=([0-9.]+)/.exec(location.search);
    var every = asked ? +asked[1] : data.live.refresh;
    document.documentElement.setAttribute('data-live', 'reloading every ' + every + ' s');
    setTimeout(function () { keepState(); location.reload(); }, every * 1000);
  }
  if (kept) window.scrollTo(0, kept.y || 0);

  // ---------------------------------------------------------------- narrow screens
  // Charts keep their text at the page's small size however far a narrow
  // screen scales them down; a table that scrolls sideways shows a shade at
  // the edge it can scroll to.
  function fit() {
    var charts = document.querySelectorAll('svg.chart');
    for (var i = 0; i < charts.length; ++i) {
      var c = charts[i], box = c.viewBox && c.viewBox.baseVal, w = c.getBoundingClientRect().width;
      if (box && box.width > 0 && w > 0) c.style.setProperty('--chart-scale', String(Math.max(1, box.width / w)));
    }
    var wraps = document.querySelectorAll('.table-wrap, .game-list-wrap, .chart-wrap');
    for (var j = 0; j < wraps.length; ++j) cue(wraps[j]);
  }
  function cue(wrap) {
    var frame = wrap.parentNode;
    if (!frame.classList || !frame.classList.contains('scroll-frame')) {
      frame = el('div', { 'class': 'scroll-frame' });
      wrap.parentNode.insertBefore(frame, wrap);
      frame.appendChild(wrap);
      wrap.addEventListener('scroll', function () { cue(wrap); });
    }
    frame.setAttribute('data-more-right', String(wrap.scrollLeft + wrap.clientWidth < wrap.scrollWidth - 1));
    frame.setAttribute('data-more-left', String(wrap.scrollLeft > 1));
  }
  window.addEventListener('resize', fit);
  fit();

  // ---------------------------------------------------------------- start
  function start(unpacked) {
    view = unpacked;
    var terminations = {};
    view.games.forEach(function (g) { terminations[g.t] = true; });
    Object.keys(terminations).sort().forEach(function (t) { option(filterTermination, t, t); });
    byNumber = view.games.map(function (g, i) { return i; });
    byNumber.sort(function (a, b) { return view.games[a].n - view.games[b].n; });
    renderList();
    drawLegend();
    var reopen = kept && kept.game !== null ? byNumber.filter(function (i) { return view.games[i].n === kept.game; })[0] : undefined;
    if (reopen !== undefined) openGame(reopen, true, kept.ply);
    else if (view.games.length > 0) openGame(byNumber[0], true);
    if (kept) window.scrollTo(0, kept.y || 0);
    fit();
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
