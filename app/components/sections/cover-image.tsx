import { Container } from "~/components/ui/container";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { Picture } from "~/lib/images/content-image";

/**
 * A page's photograph or screen (a post's or an event's cover, decision 093),
 * the width of the page's column under its header. Loaded at once, not
 * lazily: on a wide screen it is in view with the header. Not with a high
 * priority: on a phone it starts below the fold, and the header's title is
 * the largest paint.
 */
export function CoverImage({ picture }: { picture: Picture }) {
  return (
    <div className="bg-surface pt-10 md:pt-14">
      <Container>
        <ResponsiveImage
          picture={picture}
          sizes="(min-width: 1200px) 1136px, (min-width: 640px) calc(100vw - 4rem), calc(100vw - 2.5rem)"
          loading="eager"
          className="block h-auto w-full rounded-2xl border border-line bg-shade"
        />
      </Container>
    </div>
  );
}
