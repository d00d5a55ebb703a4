#!/usr/bin/env python3
"""An independent Bagh Chal model (lists of characters, no bitboards, no
shared code with the plugin) that produced perft_sliding.txt: perft below
sliding-phase positions under each repetition and capture rule.

usage: reference_model.py POSITION DEPTH forbid|draw3|none optional|mandatory [GOATS_TO_WIN]
The set position counts once for the repetition rules, as in the plugin."""
import sys

def has_diag(c, r): return (c + r) % 2 == 0
DIRS = [(0,-1),(1,-1),(1,0),(1,1),(0,1),(-1,1),(-1,0),(-1,-1)]

def nxt(p, d):
    c, r = p % 5 + d[0], p // 5 + d[1]
    if not (0 <= c < 5 and 0 <= r < 5): return None
    if d[0] and d[1] and not has_diag(p % 5, p // 5): return None
    return r * 5 + c

def parse(s):
    board, side, hand, cap = s.split(' ')
    return list(board), side, int(hand), int(cap)

def key(board, side): return ''.join(board) + side

def moves(state, rule, mandatory, target, hist):
    board, side, hand, cap = state
    if cap >= target: return []
    if rule == 'draw3' and hist.count(key(board, side)) >= 3 and hand == 0: return []
    out = []
    if side == 'G':
        if hand > 0:
            return [('d', None, p) for p in range(25) if board[p] == '.']
        for p in range(25):
            if board[p] != 'G': continue
            for d in DIRS:
                q = nxt(p, d)
                if q is not None and board[q] == '.': out.append(('s', p, q))
    else:
        jumps, steps = [], []
        for p in range(25):
            if board[p] != 'T': continue
            for d in DIRS:
                q = nxt(p, d)
                if q is None: continue
                if board[q] == '.': steps.append(('s', p, q))
                elif board[q] == 'G':
                    l = nxt(q, d)
                    if l is not None and board[l] == '.': jumps.append(('j', p, l, q))
        out = jumps if (mandatory and jumps) else jumps + steps
    if rule == 'forbid' and hand == 0:
        out = [m for m in out if m[0] != 's' or key(*child(state, m)[:2]) not in hist]
    return out

def child(state, m):
    board, side, hand, cap = state
    b = board[:]
    if m[0] == 'd': b[m[2]] = 'G'; hand -= 1
    elif m[0] == 's': b[m[2]] = b[m[1]]; b[m[1]] = '.'
    else: b[m[2]] = 'T'; b[m[1]] = '.'; b[m[3]] = '.'; cap += 1
    return b, ('T' if side == 'G' else 'G'), hand, cap

def perft(state, depth, rule, mandatory, target, hist):
    ms = moves(state, rule, mandatory, target, hist)
    if depth == 1: return len(ms)
    total = 0
    for m in ms:
        c = child(state, m)
        if c[2] > 0 or rule == 'none':
            h = []                           # placement: nothing can repeat
        elif m[0] == 's':
            h = hist + [key(c[0], c[1])]     # reversible: remember
        else:
            h = [key(c[0], c[1])]            # drop or capture: start afresh
        total += perft(c, depth - 1, rule, mandatory, target, h)
    return total

if __name__ == '__main__':
    pos, depth, rule, mandatory = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == 'mandatory'
    target = int(sys.argv[5]) if len(sys.argv) > 5 else 5
    st = parse(pos)
    hist = [key(st[0], st[1])] if st[2] == 0 and rule != 'none' else []
    print(perft(st, depth, rule, mandatory, target, hist))
