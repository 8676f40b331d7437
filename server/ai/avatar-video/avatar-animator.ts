import type { FaceGeometry } from '../media-types';
import { paintEyelids } from './eyelids';
import { CANVAS_SIZE, faceCanvas } from './face-canvas';
import { type FaceMesh, faceMesh } from './face-mesh';
import { type FacePose, posePoints, restPoints } from './face-shapes';
import { withoutTeeth } from './lip-cleanup';
import { type MouthPalette, mouthPalette, paintMouthInterior } from './mouth-interior';
import { warpPlane } from './warp';
import { rgbToYuvFrame, type YuvFrame, yuvFrame } from './yuv';

export type AvatarAnimator = {
  mesh: FaceMesh;
  /** One yuv420p frame, CANVAS_SIZE square, of the photo in this pose. */
  frame(pose: FacePose): Buffer;
};

/**
 * Prepares a photo once for animation: the square crop in yuv420p (the encoder's own
 * format, so frames go to it unconverted), the mesh over its landmarks, the face at rest
 * and the mouth's colours. Each frame then copies the photo and redraws only the moving
 * head, warped along the mesh to the pose, and paints the inside of the mouth.
 */
export async function avatarAnimator(photo: Buffer, face: FaceGeometry): Promise<AvatarAnimator> {
  const canvas = await faceCanvas(photo, face);
  const clean = withoutTeeth(canvas.rgb, CANVAS_SIZE, canvas.landmarks);
  const source: YuvFrame = rgbToYuvFrame(clean, CANVAS_SIZE, CANVAS_SIZE);
  const mesh = faceMesh(canvas.landmarks);
  const rest = restPoints(mesh);
  const palette: MouthPalette = mouthPalette(canvas.rgb, CANVAS_SIZE, canvas.landmarks, mesh.axes);
  return {
    mesh,
    frame(pose) {
      const out = yuvFrame(CANVAS_SIZE, CANVAS_SIZE, Buffer.from(source.buffer));
      const target = posePoints(mesh, rest, pose);
      warpPlane(source.y, out.y.data, mesh.points, target, mesh.triangles, 1);
      warpPlane(source.u, out.u.data, mesh.points, target, mesh.triangles, 0.5);
      warpPlane(source.v, out.v.data, mesh.points, target, mesh.triangles, 0.5);
      paintMouthInterior(out, target, mesh.axes, pose.mouth, palette);
      paintEyelids(out, target, pose.blink);
      return out.buffer;
    },
  };
}
