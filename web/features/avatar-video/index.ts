export { AvatarVideoPlayer } from './components/avatar-video-player';
export { TryAvatarCard } from './components/try-avatar-card';
