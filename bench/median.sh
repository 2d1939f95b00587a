# Sourced by bench/run.sh and bench/pair.sh.
# median prints the median of the numbers in $1 (separated by spaces or newlines).
median() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
