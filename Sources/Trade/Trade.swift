/// PLACEHOLDER
public enum TradeModule {}
