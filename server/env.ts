import { z } from "zod";

/**
 * The server's configuration, read once at start-up. A wrong value stops the
 * process with a message that names the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on; unset listens on every interface, IPv4 and IPv6. */
  HOST: z.string().min(1).optional(),
});

export type ServerEnv = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return result.data;
}
