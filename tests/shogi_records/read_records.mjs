// Reads games.kif or games.csa back with tsshogi, an independent shogi
// record library (the one ShogiHome is built on): one JSON line per game,
// {"moves": [USI moves], "end": tsshogi's special move type, "error": why
// not}. The records of a file are split where arbiter starts (KIF: the
// "#KIF" line) or ends (CSA: the "/" separator) each one.
// Usage: node read_records.mjs <folder holding node_modules/tsshogi> kif|csa <file>
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [folder, format, file] = process.argv.slice(2);
const tsshogi = await import(pathToFileURL(path.join(folder, 'node_modules', 'tsshogi', 'dist', 'esm', 'index.mjs')).href);
const text = readFileSync(file, 'utf8');
const records = format === 'kif'
  ? text.split(/^(?=#KIF )/m).filter((r) => r.trim() !== '')
  : text.split(/^\/$/m).filter((r) => r.trim() !== '');
for (const data of records) {
  const record = format === 'kif' ? tsshogi.importKIF(data) : tsshogi.importCSA(data);
  if (record instanceof Error) {
    process.stdout.write(JSON.stringify({ error: record.message }) + '\n');
    continue;
  }
  const moves = [];
  let end = '';
  for (const node of record.moves) {
    if (node.ply === 0) continue;
    if (node.move instanceof tsshogi.Move) moves.push(node.move.usi);
    else end = node.move.type;
  }
  process.stdout.write(JSON.stringify({ moves, end, sfen: record.initialPosition.sfen }) + '\n');
}
