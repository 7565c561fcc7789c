#!/usr/bin/env bash
# A local sharded ClickHouse for tests and benchmarks: CLICKHOUSE_SHARDS (default 3)
# clickhouse-server processes on 127.0.0.1 forming the cluster `yuqing`, each holding one shard.
#
#   scripts/clickhouse-cluster.sh start   # prints the environment that points the product at it
#   scripts/clickhouse-cluster.sh stop    # stops every server by its PID
#   scripts/clickhouse-cluster.sh stop-node 1   # stops one (tests of a missing shard); start restarts it
#   scripts/clickhouse-cluster.sh status
#
# CLICKHOUSE_CLUSTER_DIR (default /tmp/yuqing-clickhouse) holds the servers' configuration, data,
# logs and PIDs; CLICKHOUSE_HTTP_PORT (default 18123) is the first node's HTTP port, the next
# nodes' follow it. Debian's clickhouse-server package is installed when missing and the user is
# root.
set -euo pipefail

DIR="${CLICKHOUSE_CLUSTER_DIR:-/tmp/yuqing-clickhouse}"
HTTP_PORT="${CLICKHOUSE_HTTP_PORT:-18123}"
CLUSTER=yuqing
SHARDS="${CLICKHOUSE_SHARDS:-3}"
mapfile -t NODES < <(seq 0 $((SHARDS - 1)))

http_port() { echo $((HTTP_PORT + $1)); }
tcp_port() { echo $((HTTP_PORT + 1000 + $1)); }
interserver_port() { echo $((HTTP_PORT + 2000 + $1)); }

ensure_installed() {
  command -v clickhouse-server >/dev/null && return
  if [[ $(id -u) -ne 0 ]]; then
    echo "clickhouse-server is not installed: run 'apt-get install -y clickhouse-server' as root" >&2
    exit 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends clickhouse-server >/dev/null
}

write_config() {
  local node=$1 home="$DIR/node$1"
  mkdir -p "$home/data/tmp" "$home/data/user_files" "$home/log"
  # `yuqing` has every node; `yuqing_K` the first K of them, to measure 1, 2 … shards.
  local shards="" clusters=""
  for other in "${NODES[@]}"; do
    shards+="<shard><replica><host>127.0.0.1</host><port>$(tcp_port "$other")</port></replica></shard>"
    clusters+="<${CLUSTER}_$((other + 1))>$shards</${CLUSTER}_$((other + 1))>"
  done
  cat >"$home/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <logger>
    <level>warning</level>
    <log>$home/log/server.log</log>
    <errorlog>$home/log/error.log</errorlog>
    <size>100M</size>
    <count>2</count>
  </logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>$(http_port "$node")</http_port>
  <tcp_port>$(tcp_port "$node")</tcp_port>
  <interserver_http_port>$(interserver_port "$node")</interserver_http_port>
  <interserver_http_host>127.0.0.1</interserver_http_host>
  <max_concurrent_queries>100</max_concurrent_queries>
  <uncompressed_cache_size>1073741824</uncompressed_cache_size>
  <mark_cache_size>1073741824</mark_cache_size>
  <path>$home/data/</path>
  <tmp_path>$home/data/tmp/</tmp_path>
  <user_files_path>$home/data/user_files/</user_files_path>
  <users_config>$home/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mlock_executable>false</mlock_executable>
  <remote_servers><$CLUSTER>$shards</$CLUSTER>$clusters</remote_servers>
  <macros><shard>$node</shard></macros>
</yandex>
XML
  cat >"$home/users.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>4000000000</max_memory_usage></default></profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors>
    <result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time>
  </interval></default></quotas>
</yandex>
XML
}

running() { [[ -f "$DIR/node$1/pid" ]] && kill -0 "$(cat "$DIR/node$1/pid")" 2>/dev/null; }

start() {
  ensure_installed
  for node in "${NODES[@]}"; do
    running "$node" && continue
    write_config "$node"
    clickhouse-server --config-file="$DIR/node$node/config.xml" \
      --pid-file="$DIR/node$node/pid" --daemon
  done
  for node in "${NODES[@]}"; do
    local url="http://127.0.0.1:$(http_port "$node")/ping"
    for _ in $(seq 1 150); do
      curl -fs "$url" >/dev/null 2>&1 && break
      sleep 0.2
    done
    if ! curl -fs "$url" >/dev/null 2>&1; then
      echo "ClickHouse node $node did not answer on $url; see $DIR/node$node/log/error.log" >&2
      exit 1
    fi
  done
  echo "CLICKHOUSE_URL=http://127.0.0.1:$(http_port 0)"
  echo "CLICKHOUSE_CLUSTER=$CLUSTER"
  echo "CLICKHOUSE_TEST_URL=$(urls)"
}

# Every node's HTTP address, comma-separated, as the tests and benches take them.
urls() {
  local list=()
  for node in "${NODES[@]}"; do list+=("http://127.0.0.1:$(http_port "$node")"); done
  (IFS=,; echo "${list[*]}")
}

stop_node() {
  local pidfile="$DIR/node$1/pid"
  [[ -f "$pidfile" ]] || return 0
  local pid
  pid=$(cat "$pidfile")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$pidfile"
}

stop() {
  for node in "${NODES[@]}"; do stop_node "$node"; done
}

status() {
  for node in "${NODES[@]}"; do
    if running "$node"; then
      echo "node $node: running (pid $(cat "$DIR/node$node/pid"), http $(http_port "$node"))"
    else
      echo "node $node: stopped"
    fi
  done
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  stop-node) stop_node "${2:?which node: 0 to $((SHARDS - 1))}" ;;
  status) status ;;
  urls) urls ;;
  *)
    echo "usage: $0 start|stop|stop-node N|status|urls" >&2
    exit 2
    ;;
esac
