import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuditService } from '../audit/audit.service.js';
import type { Domain } from '../auth/principal.js';
import { Public } from '../auth/public.decorator.js';
import { pageHeaders } from '../envelope/page-headers.js';
import { HTML_TYPE } from '../envelope/whole-answer.js';
import { postedFromOwnPage } from '../oauth/form-origin.js';
import { requestIdOf } from '../observe/request-id.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { DocHidden } from '../transports/rest/route-doc.decorator.js';
import { type Approval, effectiveStatus } from './approval.js';
import { changeRows, continuePage, decidePage, layout, messagePage, signInPage } from './approval-page.view.js';
import { ApprovalSignIn, OneTimeLinkSignIn } from './approval-sign-in.js';
import { pageLanguage, type PageTexts, textsFor } from './approval-texts.js';
import { ApprovalsRepository } from './approvals.repository.js';
import { PublicUrl } from './public-url.js';

/** What every page of this controller is sent with: never cached, never framed (no clickjacking of the buttons), no scripts. */
const PAGE_HEADERS: Record<string, string> = {
  'Content-Type': HTML_TYPE,
  ...pageHeaders("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
};

interface DecisionForm {
  decision?: unknown;
  csrf?: unknown;
}

/**
 * The approval page: server-rendered HTML, no JavaScript, for the one person an approval is for.
 * A decision needs that user's sign-in (ApprovalSignIn) and the form's CSRF token, is made by one
 * conditional UPDATE (pending, not expired, this user), and is audited.
 */
@DocHidden()
@Public()
@Controller('approve')
export class ApprovalPageController {
  constructor(
    private readonly approvals: ApprovalsRepository,
    private readonly signIn: ApprovalSignIn,
    private readonly links: OneTimeLinkSignIn,
    private readonly registry: ToolRegistry,
    private readonly audit: AuditService,
    private readonly publicUrl: PublicUrl,
  ) {}

  /**
   * A delivered link's page: one button that signs in. Opening the link spends nothing, so mail
   * software that fetches every link of a message (to scan it) leaves it good for its person.
   */
  @Get('sign-in/:secret')
  async linkPage(@Param('secret') secret: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const texts = textsFor(pageLanguage(req.headers['accept-language']));
    if (!(await this.links.isLive(secret))) {
      send(res, 410, layout(texts, messagePage(texts, texts.linkUsed), null));
      return;
    }
    send(res, 200, layout(texts, continuePage(texts, `/approve/sign-in/${encodeURIComponent(secret)}`), null));
  }

  /** The link's button: spends the link, signs this browser in, and goes back to the approval. */
  @Post('sign-in/:secret')
  async redeem(@Param('secret') secret: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const texts = textsFor(pageLanguage(req.headers['accept-language']));
    if (!postedFromOwnPage(req, new URL(this.publicUrl.base).origin)) {
      send(res, 403, layout(texts, messagePage(texts, texts.csrf), null));
      return;
    }
    const returnTo = await this.links.redeem(secret, res);
    if (!returnTo) {
      send(res, 410, layout(texts, messagePage(texts, texts.linkUsed), null));
      return;
    }
    res.status(303).setHeader('Location', returnTo).setHeader('Cache-Control', 'no-store').end();
  }

  @Post(':id/sign-in')
  async sendLink(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const texts = textsFor(pageLanguage(req.headers['accept-language']));
    const approval = await this.approvals.get(id);
    // The link goes to the approval's own user, out of band; whoever clicked learns nothing more.
    if (approval && effectiveStatus(approval, Date.now()) === 'pending') await this.links.sendLink(approval.users_id, `/approve/${encodeURIComponent(id)}`);
    send(res, 200, layout(texts, signInPage(texts, this.signIn.offer(id), true), null));
  }

  @Get(':id')
  async show(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const texts = textsFor(pageLanguage(req.headers['accept-language']));
    const seen = await this.visit(id, req, res, texts);
    if (!seen) return;
    const { approval, userLabel } = seen;
    const csrf = (await this.signIn.csrfToken(req, `decide:${approval.id}`)) ?? '';
    // The domain's fields (a delete's record shows fields its own tool does not take), the tool's own first.
    const tools = [approval.tool, ...(approval.domain ? this.registry.namesIn(approval.domain as Domain) : [])];
    const fields = tools.flatMap((name) => this.registry.get(name)?.policy.fields ?? []);
    const body = decidePage(texts, {
      approval,
      userLabel,
      rows: changeRows(approval, fields, texts),
      csrf,
      expiresAt: `${approval.expires_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    });
    send(res, 200, layout(texts, body, userLabel));
  }

  @Post(':id')
  async decide(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const startedAt = performance.now();
    const texts = textsFor(pageLanguage(req.headers['accept-language']));
    const seen = await this.visit(id, req, res, texts);
    if (!seen) return;
    const { approval, userLabel } = seen;
    const form = (req.body ?? {}) as DecisionForm;
    const expected = await this.signIn.csrfToken(req, `decide:${approval.id}`);
    if (!expected || typeof form.csrf !== 'string' || !OneTimeLinkSignIn.same(form.csrf, expected)) {
      send(res, 403, layout(texts, messagePage(texts, texts.csrf), userLabel));
      return;
    }
    if (form.decision !== 'approve' && form.decision !== 'reject') {
      send(res, 400, layout(texts, messagePage(texts, texts.csrf), userLabel));
      return;
    }
    const decision = form.decision === 'approve' ? 'approved' : 'rejected';
    if (!(await this.approvals.decide(approval.id, approval.users_id, decision))) {
      send(res, 409, layout(texts, messagePage(texts, texts.tooLate), userLabel));
      return;
    }
    this.audit.record({
      at: new Date(),
      request_id: requestIdOf(req),
      users_id: approval.users_id,
      token_id: null,
      session_id: approval.session_id,
      transport: 'web',
      tool: approval.tool,
      route: 'POST /approve/{id}',
      domain: approval.domain,
      outcome: 'success',
      duration_ms: Math.round(performance.now() - startedAt),
      changes: JSON.stringify({ approval_id: approval.id, decision, payload_hash: approval.payload_hash }),
      message: `${decision} on the approval page`,
    });
    send(res, 200, layout(texts, messagePage(texts, decision === 'approved' ? texts.youApproved : texts.youRejected, true), userLabel));
  }

  /**
   * The approval when this browser's user may decide it now; otherwise answers the page that says
   * why (unknown, sign in, another user's, already decided) and gives undefined.
   */
  private async visit(id: string, req: Request, res: Response, texts: PageTexts): Promise<{ approval: Approval; userLabel: string } | undefined> {
    const approval = await this.approvals.get(id);
    const userId = await this.signIn.userOf(req);
    const userLabel = userId === null ? null : await this.approvals.userLabel(userId);
    if (!approval) {
      send(res, 404, layout(texts, messagePage(texts, texts.notFound), userLabel));
      return undefined;
    }
    if (userId === null) {
      send(res, 200, layout(texts, signInPage(texts, this.signIn.offer(id), false), null));
      return undefined;
    }
    // Another user learns nothing of the change: not who asks, not what.
    if (userId !== approval.users_id) {
      send(res, 403, layout(texts, messagePage(texts, texts.notYours), userLabel));
      return undefined;
    }
    const status = effectiveStatus(approval, Date.now());
    if (status !== 'pending') {
      send(res, 200, layout(texts, messagePage(texts, texts.decided[status], status === 'approved' || status === 'consumed'), userLabel));
      return undefined;
    }
    return { approval, userLabel: userLabel ?? '' };
  }
}

function send(res: Response, status: number, html: string): void {
  res.status(status).set(PAGE_HEADERS).send(html);
}
