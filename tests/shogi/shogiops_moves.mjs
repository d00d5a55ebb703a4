// The legal moves of SFEN positions by shogiops (an independent shogi rules
// library, lishogi's): one SFEN a line on stdin, one line out per position,
// the USI moves sorted and joined by spaces, or "ERROR <why>".
// Usage: node shogiops_moves.mjs <folder holding node_modules/shogiops>
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const dist = path.join(process.argv[2], 'node_modules', 'shogiops', 'dist');
const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
const { parseSfen } = await load('sfen.js');
const { makeUsi } = await load('util.js');
const { pieceCanPromote, pieceForcePromote } = await load('variant/util.js');

function legalMoves(pos) {
  const out = [];
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (pieceCanPromote(pos.rules)(piece, from, to, pos.board.get(to))) {
        out.push(makeUsi({ from, to, promotion: true }));
        if (!pieceForcePromote(pos.rules)(piece, to)) out.push(makeUsi({ from, to, promotion: false }));
      } else {
        out.push(makeUsi({ from, to, promotion: false }));
      }
    }
  }
  for (const [pieceName, dests] of pos.allDropDests()) {
    const role = pieceName.split(' ')[1];
    for (const to of dests) out.push(makeUsi({ role, to }));
  }
  return out.sort();
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() === '') continue;
  const pos = parseSfen('standard', line.trim(), false);
  if (pos.isErr) {
    process.stdout.write(`ERROR ${pos.error.message}\n`);
    continue;
  }
  process.stdout.write(legalMoves(pos.value).join(' ') + '\n');
}
