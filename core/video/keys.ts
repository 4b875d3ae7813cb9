/**
 * Where the video engine's files live in the ObjectStore (beside the
 * original under videos/, frames beside presentation images under images/).
 */
export const videoKeys = {
  transcriptVtt: (id: number) => `videos/transcripts/${id}.vtt`,
  transcriptJson: (id: number) => `videos/transcripts/${id}.json`,
  transcriptSrt: (id: number) => `videos/transcripts/${id}.srt`,
  /** The transcript as the machine made it (edits leave it as it was). */
  transcriptOriginalJson: (id: number) => `videos/transcripts/${id}.original.json`,
  /** A frame at `ms` milliseconds, the source image of a cited time range. */
  frame: (id: number, ms: number) => `images/videos/${id}/t${Math.round(ms)}.jpg`,
  framesPrefix: (id: number) => `images/videos/${id}/`,
  subtitles: (id: number, lang: string) => `videos/subtitles/${id}_${lang}.vtt`,
  subtitlesSrt: (id: number, lang: string) => `videos/subtitles/${id}_${lang}.srt`,
};
