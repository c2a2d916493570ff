-- Withdrawal survey (issue 8, decision 0014): the confirmation's answers wait in the flow for the code step.
ALTER TABLE "auth_flows" ADD COLUMN "survey_answers" jsonb;