#!/usr/bin/env python3
"""Fails when modules of a crate import each other in a cycle.

For every crate under crates/, each module's `crate::…` and `super::…` paths (tests left out)
give edges to the modules they name; a strongly connected group of more than one module is
a cycle and is printed. A parent declaring its children (`mod x;`) is not an edge.

Usage: scripts/module_cycles.py [CRATES_DIR]   (default: the repository's crates/)
"""
import os, re, sys
from collections import defaultdict

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "crates")
found = []
def modpath(crate_src, f):
    rel=os.path.relpath(f,crate_src)[:-3].split(os.sep)
    if rel[-1] in('lib','main','mod'): rel=rel[:-1]
    return tuple(rel)
for crate in sorted(os.listdir(root)):
    src=os.path.join(root,crate,'src')
    if not os.path.isdir(src): continue
    files=[]
    for d,_,fs in os.walk(src):
        for x in fs:
            if x.endswith('.rs') and 'bin' not in d.split(os.sep): files.append(os.path.join(d,x))
    mods={modpath(src,f):f for f in files}
    edges=defaultdict(set)
    for m,f in mods.items():
        text=open(f).read()
        text=re.sub(r'#\[cfg\(test\)\]\s*mod tests\s*\{.*','',text,flags=re.S)
        text=re.sub(r'//.*','',text)
        base_dir = m if os.path.basename(f) in ('mod.rs','lib.rs','main.rs') else m[:-1]
        # expand use groups crudely: capture paths crate::a::b and super::a
        for kind,path in re.findall(r'\b(crate|super)((?:::\w+)+)',text):
            parts=[p for p in path.split('::') if p]
            if kind=='crate': cand=tuple(parts)
            else:
                parent = m[:-1] if os.path.basename(f) not in ('mod.rs',) else m[:-1]
                cand=parent+tuple(parts)
            # resolve deepest module
            for k in range(len(cand),-1,-1):
                if cand[:k] in mods:
                    t=cand[:k]; break
            if t!=m: edges[m].add(t)
        # groups like use super::{a, b}
        for kind,grp in re.findall(r'\b(crate|super)::\{([^}]*)\}',text):
            for item in re.split(r',',grp):
                item=item.strip().split('::')[0].split(' ')[0]
                if not item or item=='self': continue
                base = () if kind=='crate' else m[:-1]
                t=base+(item,)
                if t in mods and t!=m: edges[m].add(t)
    # tarjan
    index={};low={};st=[];on=set();sccs=[];i=[0]
    sys.setrecursionlimit(10000)
    def sc(v):
        index[v]=low[v]=i[0];i[0]+=1;st.append(v);on.add(v)
        for w in edges[v]:
            if w not in index: sc(w);low[v]=min(low[v],low[w])
            elif w in on: low[v]=min(low[v],index[w])
        if low[v]==index[v]:
            comp=[]
            while True:
                w=st.pop();on.discard(w);comp.append(w)
                if w==v:break
            if len(comp)>1: sccs.append(comp)
    for v in list(mods):
        if v not in index: sc(v)
    for c in sccs:
        found.append(crate + ': ' + ' <-> '.join('::'.join(x) or '(root)' for x in c))

for line in found:
    print("module cycle in", line)
print(f"module cycles: {len(found)}")
sys.exit(1 if found else 0)
