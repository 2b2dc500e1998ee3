/** A tour step (spec §3). `title` is ours: gleap's steps carry only the message. */
export interface TourStep {
  selector?: string;
  mode?: 'CLICK' | 'INPUT' | string;
  type?: 'video-pointer' | string;
  message?: string;
  title?: string;
  videoUrl?: string;
  voice?: string;
  inputType?: 'default' | string;
  inputValue?: string;
}

/** Product tour data (spec §3). */
export interface TourData {
  steps?: TourStep[];
  tourType?: 'cobrowse' | 'standard' | string;
  allowClose?: boolean;
  backButton?: boolean;
  nextText?: string;
  doneText?: string;
  prevText?: string;
  sender?: { firstName?: string; profileImageUrl?: string };
  playVoice?: boolean;
  gradient?: boolean;
  kaiAvatar?: string;
  kaiSlug?: string;
}
