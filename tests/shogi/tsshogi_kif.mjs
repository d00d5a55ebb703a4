// Reads KIF records with tsshogi (an independent shogi record library, the
// one ShogiHome is built on): the records on stdin, each starting with its
// "#KIF version=2.0" line; one JSON line out per record, {"usi": the
// position and moves as USI's 'position' command, "special": how it ended
// (tsshogi's SpecialMoveType), "error": why it could not be read}.
// Usage: node tsshogi_kif.mjs <folder holding node_modules/tsshogi>
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const entry = path.join(process.argv[2], 'node_modules', 'tsshogi', 'dist', 'esm', 'index.mjs');
const { importKIF } = await import(pathToFileURL(entry).href);

const text = readFileSync(0, 'utf8');
const records = text.split(/^(?=#KIF version=)/m).filter((r) => r.trim() !== '');
for (const kif of records) {
  const record = importKIF(kif);
  if (record instanceof Error) {
    process.stdout.write(JSON.stringify({ error: record.message }) + "\n");
    continue;
  }
  record.goto(Number.MAX_SAFE_INTEGER);
  const last = record.current.move;
  const special = last && last.type !== undefined && last.from === undefined ? last.type : null;
  process.stdout.write(JSON.stringify({ usi: record.usi, special }) + "\n");
}
