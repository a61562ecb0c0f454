#!/bin/bash
# usage: spec-cpu.sh <chromium path> <label> <spec files...>: wall and whole-machine CPU for one Playwright run in /work/ci-check
chrome=$1; label=$2; shift 2
cd /work/ci-check
read -r _ u n s i w x y z _ < /proc/stat; busy0=$((u+n+s+x+y+z)); t0=$(date +%s.%N)
python3 /work/main/.scratch/cpu-sample.py /tmp/cpu-$label.txt & sp=$!
E2E_PORT=3300 E2E_EMULATOR_PORT=4310 CHROMIUM_PATH=$chrome NEXT_TELEMETRY_DISABLED=1 node_modules/.bin/playwright test "$@" > /tmp/spec-$label.log 2>&1
rc=$?
read -r _ u n s i w x y z _ < /proc/stat; busy1=$((u+n+s+x+y+z)); t1=$(date +%s.%N)
kill $sp
echo "$label rc=$rc wall=$(echo "$t1-$t0"|bc) cpu=$(( (busy1-busy0)/100 ))s $(grep -E 'passed|failed' /tmp/spec-$label.log | tail -2 | tr '\n' ' ')"
head -6 /tmp/cpu-$label.txt
