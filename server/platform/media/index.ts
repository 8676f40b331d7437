export { letEveryoneRun, MEDIA_TOOLS, type MediaTool, mediaBinary } from './binaries';
export { type CuttableContainer, cutAudio } from './cut';
export { probeMedia } from './probe';
export { inMediaTurn, lowerPriority, runMediaTool } from './run-tool';
