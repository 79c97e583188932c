-- Custom SQL migration file, put your code below! --
-- Second charges on a paid link were recorded before `extra_charge` existed with this description
-- (payment-confirmation.ts): mark them, so the owner sees them as "Cobrança duplicada" to refund.
UPDATE `payments`
  SET `extra_charge` = 'duplicate',
      `extra_charge_of` = (SELECT `payment_id` FROM `payment_links` WHERE `payment_links`.`id` = `payments`.`payment_link_id`)
  WHERE `extra_charge` IS NULL AND `description` LIKE '%(pagamento em duplicidade)';
