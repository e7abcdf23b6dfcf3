/** The largest form post the site reads; the forms themselves stay far below it. */
export const maxFormBodyBytes = 64 * 1024;

export const tooLargeMessage = `Payload too large: the form accepts at most ${maxFormBodyBytes / 1024} KB.`;

/**
 * The request's body as form data: null when it is not a form or cannot be
 * read, "too-large" as soon as more than `maxBytes` have arrived; the rest is
 * then never read.
 */
export async function readFormWithin(
  request: Request,
  maxBytes: number,
): Promise<FormData | null | "too-large"> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return null;
  const chunks: BlobPart[] = [];
  try {
    const reader = request.body?.getReader();
    for (let size = 0; reader;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        reader.releaseLock();
        return "too-large";
      }
      chunks.push(value as Uint8Array<ArrayBuffer>);
    }
    return await new Response(new Blob(chunks), { headers: { "Content-Type": type } }).formData();
  } catch {
    return null;
  }
}
