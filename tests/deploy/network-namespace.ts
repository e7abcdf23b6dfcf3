import { spawnSync } from "node:child_process";

/**
 * A second "machine" on this one: a Linux network namespace joined to the host
 * by a veth pair, as root (`ip` from iproute2). Its address reaches the host's
 * non-loopback address only, as another machine on the network would.
 */
export type NetworkNamespace = {
  name: string;
  /** The host's end of the pair, as the namespace sees it. */
  hostAddress: string;
  /** The namespace's own address. */
  address: string;
  /** Runs a command inside the namespace. */
  run(
    command: string,
    args: string[],
    timeoutMs?: number,
  ): { status: number | null; stdout: string };
  /** Every process that runs in the namespace (`ip netns pids`). */
  pids(): number[];
  /** Sends `signal` to every process in the namespace, as a machine that dies takes all its own. */
  killAll(signal: NodeJS.Signals): number[];
  remove(): void;
};

function ip(...args: string[]): void {
  const result = spawnSync("ip", args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`ip ${args.join(" ")}: ${result.stderr.trim()}`);
}

/** Whether this process may make namespaces (root with iproute2). */
export function canMakeNamespaces(): boolean {
  return process.getuid?.() === 0 && spawnSync("ip", ["-V"]).status === 0;
}

/** A namespace `name` on the /30 subnet 10.231.`subnet`.0: host .1, namespace .2. */
export function createNetworkNamespace(name: string, subnet: number): NetworkNamespace {
  const hostEnd = `vh-${name}`.slice(0, 15);
  const namespaceEnd = `vn-${name}`.slice(0, 15);
  const hostAddress = `10.231.${subnet}.1`;
  const address = `10.231.${subnet}.2`;
  const remove = () => {
    spawnSync("ip", ["netns", "del", name]);
    spawnSync("ip", ["link", "del", hostEnd]);
  };
  remove();
  ip("netns", "add", name);
  ip("link", "add", hostEnd, "type", "veth", "peer", "name", namespaceEnd);
  ip("link", "set", namespaceEnd, "netns", name);
  ip("addr", "add", `${hostAddress}/30`, "dev", hostEnd);
  ip("link", "set", hostEnd, "up");
  ip("netns", "exec", name, "ip", "addr", "add", `${address}/30`, "dev", namespaceEnd);
  ip("netns", "exec", name, "ip", "link", "set", namespaceEnd, "up");
  ip("netns", "exec", name, "ip", "link", "set", "lo", "up");
  return {
    name,
    hostAddress,
    address,
    run(command, args, timeoutMs = 30_000) {
      const result = spawnSync("ip", ["netns", "exec", name, command, ...args], {
        encoding: "utf8",
        timeout: timeoutMs,
      });
      return { status: result.status, stdout: result.stdout ?? "" };
    },
    pids() {
      const result = spawnSync("ip", ["netns", "pids", name], { encoding: "utf8" });
      return result.stdout.split("\n").filter(Boolean).map(Number);
    },
    killAll(signal) {
      const pids = this.pids();
      for (const pid of pids) {
        try {
          process.kill(pid, signal);
        } catch {
          // exited meanwhile
        }
      }
      return pids;
    },
    remove,
  };
}
