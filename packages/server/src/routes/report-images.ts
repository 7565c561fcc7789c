import { REPORT_IMAGE_CALLS, REPORT_IMAGE_MAX_BYTES, type ReportImage } from '@yuqing/core';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { quotaRefusal } from '../export/report-quotas.js';
import { reportMember, imageTarget } from './report-member.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** The image type its first bytes show; a declared type that disagrees is refused. */
function sniffImage(bytes: Uint8Array): ReportImage['type'] | undefined {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** A project's report images (/report/imgs, /report/delimgs): uploaded, listed, read, deleted. */
export function reportImageRoutes(api: Api, { store, audit }: RouteContext) {
  route(
    api,
    REPORT_IMAGE_CALLS.upload,
    async ({ request, member: scoped, body }) => {
      const member = reportMember(scoped);
      const { name, data } = body;
      const [, declared, base64] = data.match(/^data:([\w/+.-]+);base64,(.*)$/)!;
      const bytes = Buffer.from(base64!, 'base64');
      if (bytes.byteLength > REPORT_IMAGE_MAX_BYTES) throw badRequest('data: 图片不能超过 2 MB');
      const type = sniffImage(bytes);
      if (!type || type !== declared)
        throw badRequest('data: 图片须为 PNG、JPEG、GIF 或 WebP，且与声明的类型一致');
      const added = { count: 1, bytes: bytes.byteLength };
      const image = await store.reports.addImage(
        member.project.id,
        member.userId,
        { name, type, bytes },
        (usage) => {
          const refusal = quotaRefusal('image', usage, { user: added, project: added });
          if (refusal) throw conflict(refusal);
        },
      );
      await audit(request, scoped, 'report_image.upload', imageTarget(image), {
        type,
        size: image.size,
      });
      return ok(image);
    },
    // The image as base64, a third larger than its bytes, with room for a too large one to be
    // refused by name rather than by size alone.
    { bodyLimit: 2 * REPORT_IMAGE_MAX_BYTES },
  );

  route(api, REPORT_IMAGE_CALLS.list, async ({ member }) =>
    ok({ list: await store.reports.images(reportMember(member).project.id) }),
  );

  route(api, REPORT_IMAGE_CALLS.image, async ({ reply, member, params }) => {
    const image = await store.reports.image(reportMember(member).project.id, params.id);
    if (!image) throw notFound('图片不存在');
    return reply
      .type(image.type)
      .header('cache-control', 'private, max-age=86400')
      .send(Buffer.from(image.bytes));
  });

  route(api, REPORT_IMAGE_CALLS.remove, async ({ request, member: scoped, body }) => {
    const member = reportMember(scoped);
    if (member.role !== 'admin') {
      const owners = await store.reports.imageOwners(member.project.id, body.ids);
      if (owners.some((image) => image.owner_id !== member.userId))
        throw forbidden('只能删除自己上传的图片');
    }
    const removed = await store.reports.removeImages(member.project.id, body.ids);
    for (const image of removed)
      await audit(request, scoped, 'report_image.delete', imageTarget(image));
    return ok(null);
  });
}
