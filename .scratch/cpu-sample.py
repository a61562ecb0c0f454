import os, time, sys, collections
# Samples per-category CPU (utime+stime ticks) every 2 s; accumulates deltas per category.
HZ = os.sysconf('SC_CLK_TCK')
def cat(pid):
    try:
        cmd = open(f'/proc/{pid}/cmdline','rb').read().replace(b'\0', b' ').decode(errors='replace')
    except Exception: return None
    if 'chromium' in cmd or 'chrome' in cmd:
        if '--type=renderer' in cmd: return 'chromium-renderer'
        if '--type=gpu' in cmd: return 'chromium-gpu'
        if '--type=' in cmd: return 'chromium-other'
        return 'chromium-browser'
    if 'next-server' in cmd or 'serve.ts' in cmd or 'lib/cli/serve' in cmd: return 'next-server'
    if 'emulator' in cmd: return 'emulator'
    if 'playwright' in cmd: return 'playwright'
    if 'vitest' in cmd: return 'vitest'
    if 'web-server.ts' in cmd or 'start.ts' in cmd: return 'start'
    if 'postgres' in cmd: return 'postgres'
    if 'node' in cmd or 'tsx' in cmd: return 'node-other:' + cmd[:60]
    return 'other:' + cmd[:40]
prev = {}
tot = collections.Counter()
out = sys.argv[1]
while True:
    cur = {}
    for pid in os.listdir('/proc'):
        if not pid.isdigit(): continue
        try:
            f = open(f'/proc/{pid}/stat').read()
            rest = f[f.rfind(')')+2:].split()
            t = int(rest[11]) + int(rest[12])
        except Exception: continue
        cur[pid] = t
        c = cat(pid)
        if c is None: continue
        d = t - prev.get(pid, (0,None))[0] if pid in prev else t
        tot[c] += d
        cur[pid] = (t, c)
    prev = {p: v for p, v in cur.items() if isinstance(v, tuple)}
    with open(out, 'w') as fh:
        for k, v in tot.most_common(30): fh.write(f'{v/HZ:9.1f} {k}\n')
    time.sleep(2)
