import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import type { PostSummary } from "~/features/blog/post-view";
import { formatCalendarDate } from "~/lib/calendar-date";
import { cn } from "~/lib/cn";
import { formatReadingTime } from "~/features/blog/reading-time";
import { Container } from "~/components/ui/container";
import { PersonAvatar } from "~/components/ui/person-avatar";
import { PostTags } from "~/features/blog/post-card";
import type { SectionProps } from "~/components/sections/types";
import { paths } from "~/config/paths";

/** The ink band that opens a post: the way back, tags, the title (the page's h1), excerpt, byline. */
export function PostHeader({ id, className, post }: SectionProps & { post: PostSummary }) {
  return (
    <header id={id} className={cn("relative isolate overflow-hidden bg-ink text-white", className)}>
      <PostHeaderBackdrop />
      <Container className="py-12 sm:py-16 md:py-20">
        <Link
          to={paths.blog}
          className="inline-flex items-center gap-2 text-sm font-semibold text-cyan-300 hover:text-white"
        >
          <Icon name="arrow-left" className="size-4" />
          All posts
        </Link>
        <div className="mt-8 max-w-4xl">
          <PostTags tags={post.tags} draft={post.draft} tone="inverse" />
          <h1 className="mt-5 text-3xl leading-[1.15] font-semibold text-white sm:text-4xl md:text-5xl">
            {post.title}
          </h1>
          <p className="mt-5 max-w-3xl text-lg leading-relaxed text-pretty text-slate-300 md:text-xl">
            {post.excerpt}
          </p>
          <div className="mt-8 flex flex-col gap-4 border-t border-white/10 pt-6 sm:flex-row sm:items-center sm:gap-8">
            <div className="flex items-center gap-3">
              <PersonAvatar name={post.author.name} portrait={post.author.portrait} />
              <div>
                <p className="font-semibold text-white">{post.author.name}</p>
                <p className="text-sm text-slate-400">{post.author.role}</p>
              </div>
            </div>
            <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-300 sm:border-l sm:border-white/10 sm:pl-8">
              <time dateTime={post.date}>{formatCalendarDate(post.date)}</time>
              <span aria-hidden="true">·</span>
              <span>{formatReadingTime(post.readingMinutes)}</span>
            </p>
          </div>
        </div>
      </Container>
    </header>
  );
}

/** Abstract art drawn in code: a faint grid and arcs rising to the right. Decorative. */
function PostHeaderBackdrop() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className="absolute inset-0 -z-10 h-full w-full"
      preserveAspectRatio="xMidYMid slice"
      viewBox="0 0 1440 520"
      width="1440"
      height="520"
    >
      <defs>
        <pattern id="post-header-grid" width="48" height="48" patternUnits="userSpaceOnUse">
          <path d="M48 0H0v48" fill="none" stroke="rgb(255 255 255 / 0.045)" />
        </pattern>
        <radialGradient id="post-header-glow" cx="0.9" cy="0.05" r="0.55">
          <stop offset="0" stopColor="#4f46e5" stopOpacity="0.4" />
          <stop offset="1" stopColor="#4f46e5" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1440" height="520" fill="url(#post-header-grid)" />
      <rect width="1440" height="520" fill="url(#post-header-glow)" />
      <path d="M980 520C1060 360 1220 250 1440 220" fill="none" stroke="rgb(103 232 249 / 0.2)" />
      <path d="M1080 520C1150 400 1280 320 1440 300" fill="none" stroke="rgb(165 180 252 / 0.16)" />
      <circle cx="1296" cy="236" r="5" fill="#22d3ee" opacity="0.7" />
    </svg>
  );
}
