-- 'Mantener la sesión en este dispositivo' is chosen where the code or link is used, no longer stored
-- with the code by whoever asked for it (docs/security.md, "Sign-in link and kept sessions").
ALTER TABLE "respondent_login_code" DROP COLUMN "keep_session";
