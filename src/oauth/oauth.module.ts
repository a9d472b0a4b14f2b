import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { OAuthHttp } from './oauth-http.js';
import { OAuthRecordsStore } from './oauth-records.store.js';
import { OAuthUrls } from './oauth-urls.js';
import { WebSessionService } from './web-session.service.js';

/** OAuth 2.1: this server as a protected resource, its built-in authorization server, and the web session of its pages. */
@Module({
  imports: [AuthModule],
  providers: [OAuthUrls, OAuthRecordsStore, OAuthHttp, WebSessionService],
  exports: [OAuthUrls, OAuthHttp, WebSessionService],
})
export class OAuthModule {}
