import { LinkList } from '@web/components/links/link-list';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useRevokeShareLink, useShareLinks } from '../api/sharing';

/** Who has a link to this document's feedback, whether they opened it, and a way to stop it. */
export function ShareLinksCard({ documentId }: { documentId: number }) {
  const links = useShareLinks(documentId);
  const revoke = useRevokeShareLink(documentId);
  if (!links.data || links.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="share-links-heading">Shared links</CardTitle>
      </CardHeader>
      <CardContent>
        <LinkList
          subject="this feedback"
          revoke={revoke}
          links={links.data.map(({ studentName, studentEmail, ...link }) => ({
            ...link,
            recipientName: studentName,
            recipientEmail: studentEmail,
          }))}
        />
      </CardContent>
    </Card>
  );
}
